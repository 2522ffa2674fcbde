// Images used on no page are deleted by the hold sweep (issue 31 item 4, docs/decisions/095): an upload never attached to
// its form, a logo whose purchase was deleted, an event image replaced. Not before a grace period after the upload, so a
// form still being filled in keeps its image.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { auctionLots, images, organisationSettings, purchases, tournaments } from '../db/schema';

/** A day: an upload is attached by the form it was picked in, minutes later; a day also covers a form left open overnight. */
export const UNUSED_IMAGE_GRACE_HOURS = 24;

/**
 * Deletes the images uploaded more than the grace period before `now` that nothing points at (a sponsor's logo on a
 * purchase, a tournament's hero image, the organisation's logo, an auction lot's photo: every reference to images.id in the schema), and their variants (cascade).
 * Answers how many went.
 *
 * Two statements: the candidates are locked first (FOR UPDATE, skipping any a form is attaching right now: its foreign-key
 * check holds a key-share lock), then deleted if still unused by the second statement's fresh snapshot, which sees every
 * attachment committed before the locks were taken. One attached after waits for this transaction and then finds the
 * image gone (the forms say the logo is gone), never a reference silently cleared by ON DELETE SET NULL.
 */
export async function deleteUnusedImages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_IMAGE_GRACE_HOURS * 3600_000);
  const unused = sql`not exists (select 1 from ${purchases} p where p.logo_image_id = i.id)
    and not exists (select 1 from ${tournaments} t where t.hero_image_id = i.id)
    and not exists (select 1 from ${organisationSettings} o where o.logo_image_id = i.id)
    and not exists (select 1 from ${auctionLots} l where l.image_id = i.id)`;
  return db.transaction(async (tx) => {
    const candidates = await queryRows<{ id: string }>(
      tx,
      sql`select i.id from ${images} i where i.created_at < ${cutoff.toISOString()} and ${unused} for update of i skip locked`,
    );
    if (!candidates.length) return 0;
    const deleted = await queryRows<{ id: string }>(
      tx,
      sql`delete from ${images} i where i.id in (${sql.join(
        candidates.map((c) => sql`${c.id}::uuid`),
        sql`, `,
      )}) and ${unused} returning i.id`,
    );
    return deleted.length;
  });
}
