// The organisation's details (R51) as every part of the portal reads them: receipts, year statements, the event page and
// e-mails (the signature and the From name). One row in `organisation_settings`; until an admin saves it the environment's
// values answer (ORG_NAME, ORG_LEGAL_NAME, ORG_TAX_ID, MAIL_FROM's name: the first defaults, decision 099).
// Each process caches the row and drops it at the commit of a change: the save NOTIFYs 'o' on the sessions' channel in
// its transaction, and every write answers only after settle() (app.ts), so the next read anywhere shows the change.
import { eq, sql } from 'drizzle-orm';
import { SESSION_CHANNEL, type SessionChanges } from '../auth/session-changes';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { images, organisationSettings } from '../db/schema';
import { AppError } from '../http/errors';
import { SETTINGS_MESSAGES, type OrganisationInput } from '../../shared/settings-schemas';
import type { FeeRule } from '../../shared/pricing';

export interface Organisation {
  name: string;
  legalName: string;
  taxId: string;
  contactEmail: string;
  logoImageId: string | null;
  /** The display name of every e-mail's From header. */
  mailFromName: string;
  /** R58: the card fee a payer may cover (hundredths of a percent, fixed cents); 0 and 0 until an admin sets it. */
  feeBasisPoints: number;
  feeFixedCents: number;
  /** False while the environment's values answer (nothing saved yet). */
  saved: boolean;
}

export interface OrganisationSettings {
  read(): Promise<Organisation>;
  save(input: OrganisationInput): Promise<Organisation>;
  /** R58: the card fee rule, saved beside the details (the first save takes the environment's details with it). */
  saveFee(rule: FeeRule): Promise<Organisation>;
}

/** The fee rule the price function takes (shared/pricing.ts); null when staff set none. */
export const feeRuleOf = (organisation: Organisation): FeeRule | null =>
  organisation.feeBasisPoints === 0 && organisation.feeFixedCents === 0
    ? null
    : { basisPoints: organisation.feeBasisPoints, fixedCents: organisation.feeFixedCents };

/** MAIL_FROM as 'Name <address>' or a bare address: its parts. */
export function mailFromParts(mailFrom: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  return match ? { name: match[1]!.trim(), address: match[2]!.trim() } : { name: '', address: mailFrom.trim() };
}

/** What an empty database answers: the environment's values. */
function organisationFromConfig(config: Pick<Config, 'orgName' | 'orgLegalName' | 'orgTaxId' | 'mailFrom'>): Organisation {
  return {
    name: config.orgName,
    legalName: config.orgLegalName,
    taxId: config.orgTaxId,
    contactEmail: '',
    logoImageId: null,
    mailFromName: mailFromParts(config.mailFrom).name || config.orgName,
    feeBasisPoints: 0,
    feeFixedCents: 0,
    saved: false,
  };
}

async function load(db: Db, defaults: Organisation): Promise<Organisation> {
  const [row] = await db.select().from(organisationSettings).where(eq(organisationSettings.id, true));
  if (!row) return defaults;
  const { id: _id, updatedAt: _at, ...values } = row;
  return { ...values, saved: true };
}

export function createOrganisationSettings(options: {
  db: Db;
  config: Pick<Config, 'orgName' | 'orgLegalName' | 'orgTaxId' | 'mailFrom'>;
  /** Null: nothing is cached (bench mode without the sessions' channel). */
  changes: SessionChanges | null;
}): OrganisationSettings {
  const { db, changes } = options;
  const defaults = organisationFromConfig(options.config);
  let cached: Organisation | null = null;
  changes?.onSettingsChange(() => (cached = null));

  return {
    async read() {
      if (!changes) return load(db, defaults);
      const trusted = changes.trusted();
      if (trusted && cached) return cached;
      const generation = changes.generation();
      const answer = await load(db, defaults);
      // A change heard during the load may postdate the row read: not kept.
      if (trusted && changes.generation() === generation) cached = answer;
      return answer;
    },
    async saveFee(rule) {
      const values = { feeBasisPoints: rule.basisPoints, feeFixedCents: rule.fixedCents, updatedAt: new Date() };
      const { saved: _saved, feeBasisPoints: _b, feeFixedCents: _f, ...details } = await load(db, defaults);
      await db.transaction(async (tx) => {
        await tx
          .insert(organisationSettings)
          .values({ id: true, ...details, ...values })
          .onConflictDoUpdate({ target: organisationSettings.id, set: values });
        await tx.execute(sql`select pg_notify(${SESSION_CHANNEL}, 'o')`);
      });
      cached = null;
      return load(db, defaults);
    },
    async save(input) {
      await db.transaction(async (tx) => {
        if (input.logoImageId) {
          // Shared lock: the unused-image sweep cannot delete the logo between this check and the commit.
          const [image] = await tx.select({ purpose: images.purpose }).from(images).where(eq(images.id, input.logoImageId)).for('share');
          if (image?.purpose !== 'logo')
            throw new AppError('VALIDATION', SETTINGS_MESSAGES.logoGone, { logoImageId: SETTINGS_MESSAGES.logoGone });
        }
        const values = { ...input, updatedAt: new Date() };
        await tx
          .insert(organisationSettings)
          .values({ id: true, ...values })
          .onConflictDoUpdate({ target: organisationSettings.id, set: values });
        // Delivered at commit to every process's listener (session-changes.ts): each drops its cached copy.
        await tx.execute(sql`select pg_notify(${SESSION_CHANNEL}, 'o')`);
      });
      cached = null;
      return load(db, defaults);
    },
  };
}
