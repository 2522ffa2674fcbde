// The paddle raise (R56, docs/decisions/112): staff open a raise with its giving levels, one open at a time per tournament;
// pledges come from the keypad (a raised paddle's bidder number, R54) or from a guest's phone (signed in or through their
// golfer link, R42). Each pledge is a donation purchase (R35), Pending until paid by card through the one Checkout path or
// recorded paid by staff on the ledger; 'raised' counts it once, as a donation, once paid (R38). Every change NOTIFYs the
// paddle raise's channel in its own transaction, so the TV board of every process follows (the leaderboard's feed machinery).
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { bidders, golferLinks, paddleRaises, payments, players, purchases, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { insertPurchases } from '../purchases/service';
import { recordEachRecord } from '../payments/payment-events';
import { createCheckout, linesOf } from '../payments/checkout';
import type { StripeClient } from '../payments/stripe-client';
import { bidderByNumber, bidderFor, publicBidderLabel, setShowName, type Bidder, type BidderIdentity } from '../auction/bidders';
import { hashToken } from '../golfer-answers/links';
import type { LoadedBoard } from '../leaderboard/leaderboard-feed';
import {
  PADDLE_MESSAGES,
  unknownBidder,
  type AddBidderInput,
  type GuestPledgeInput,
  type KeypadPledgeInput,
  type OpenRaiseInput,
} from '../../shared/paddle-raise-schemas';
import type { PaymentStatus } from '../../shared/payment-status';

/** The NOTIFY channel whose payload is the id of a tournament whose paddle raise changed. */
export const PADDLE_RAISE_CHANNEL = 'paddle_raise';
/** The SSE event each TV board goes out as. */
export const PADDLE_RAISE_EVENT = 'paddle-raise';
/** The pledges the keypad and the TV list, newest first. */
const LATEST = 8;

const notify = (tx: Db, tournamentId: string) => tx.execute(sql`select pg_notify(${PADDLE_RAISE_CHANNEL}, ${tournamentId})`);

/** A pledge still counts (pledged, or paid): an undone one is 'expired' (R26 keeps its history). */
const counts = ne(purchases.paymentStatus, 'expired');

async function requireTournament(db: Db, tournamentId: string) {
  const [row] = await db.select({ id: tournaments.id, name: tournaments.name }).from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found');
  return row;
}

async function requireRaise(db: Db, raiseId: string, lock = false) {
  const query = db.select().from(paddleRaises).where(eq(paddleRaises.id, raiseId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', PADDLE_MESSAGES.raiseNotFound);
  return row;
}

const isOpen = (raise: { openedAt: Date | null; closedAt: Date | null }) => raise.openedAt !== null && raise.closedAt === null;

/**
 * Opens a new raise for the tournament, at once. Only one is open at a time: under one lock per tournament, so two staff
 * opening at the same moment (in two processes) give one raise and one clear refusal.
 */
export async function openRaise(db: Db, input: OpenRaiseInput, now: Date) {
  await requireTournament(db, input.tournamentId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('golf-portal:paddle-raise'), hashtext(${input.tournamentId}))`);
    const [open] = await tx
      .select({ id: paddleRaises.id })
      .from(paddleRaises)
      .where(and(eq(paddleRaises.tournamentId, input.tournamentId), isNotNull(paddleRaises.openedAt), isNull(paddleRaises.closedAt)));
    if (open) throw new AppError('CONFLICT', PADDLE_MESSAGES.anotherOpen);
    const [row] = await tx
      .insert(paddleRaises)
      .values({ tournamentId: input.tournamentId, title: input.title, levelsCents: input.levels, openedAt: now })
      .returning();
    await notify(tx, input.tournamentId);
    return row!;
  });
}

/** Closes a raise: no pledge is taken after (a pledge locks the raise's row, so none slips in as it closes). */
export async function closeRaise(db: Db, raiseId: string, now: Date) {
  return db.transaction(async (tx) => {
    const raise = await requireRaise(tx, raiseId, true);
    if (raise.closedAt) return raise;
    const [row] = await tx.update(paddleRaises).set({ closedAt: now }).where(eq(paddleRaises.id, raiseId)).returning();
    await notify(tx, raise.tournamentId);
    return row!;
  });
}

/** A raise's totals: what is pledged (pending and paid, undone ones left out), how many pledges, and what is paid. */
async function totalsOf(db: Db, raiseIds: string[]) {
  if (raiseIds.length === 0) return new Map<string, { pledgedCents: number; count: number; paidCents: number }>();
  const rows = await db
    .select({
      raiseId: purchases.paddleRaiseId,
      pledgedCents: sql<string>`coalesce(sum(${purchases.amountCents}), 0)`,
      count: sql<string>`count(*)`,
      paidCents: sql<string>`coalesce(sum(${purchases.amountCents}) filter (where ${purchases.paymentStatus} = 'paid'), 0)`,
    })
    .from(purchases)
    .where(and(inArray(purchases.paddleRaiseId, raiseIds), counts))
    .groupBy(purchases.paddleRaiseId);
  return new Map(
    rows.map((r) => [r.raiseId!, { pledgedCents: Number(r.pledgedCents), count: Number(r.count), paidCents: Number(r.paidCents) }]),
  );
}

const raiseAnswer = (raise: typeof paddleRaises.$inferSelect, totals?: { pledgedCents: number; count: number; paidCents: number }) => ({
  id: raise.id,
  tournamentId: raise.tournamentId,
  title: raise.title,
  levelsCents: raise.levelsCents,
  open: isOpen(raise),
  openedAt: raise.openedAt?.toISOString() ?? null,
  closedAt: raise.closedAt?.toISOString() ?? null,
  pledgedCents: totals?.pledgedCents ?? 0,
  count: totals?.count ?? 0,
  paidCents: totals?.paidCents ?? 0,
});

/** A tournament's raises for staff, newest first, each with its totals. */
export async function listRaises(db: Db, tournamentId: string) {
  await requireTournament(db, tournamentId);
  const rows = await db
    .select()
    .from(paddleRaises)
    .where(eq(paddleRaises.tournamentId, tournamentId))
    .orderBy(desc(paddleRaises.createdAt), desc(paddleRaises.id));
  const totals = await totalsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => raiseAnswer(r, totals.get(r.id)));
}

/** A raise's latest pledges, newest first: for staff (the keypad) with the bidder's name, for the public as allowed. */
async function latestPledges(db: Db, raiseId: string, limit = LATEST) {
  const rows = await db
    .select({
      id: purchases.id,
      amountCents: purchases.amountCents,
      paymentStatus: purchases.paymentStatus,
      showName: purchases.showName,
      createdAt: purchases.createdAt,
      number: bidders.number,
      name: bidders.name,
    })
    .from(purchases)
    .innerJoin(bidders, eq(bidders.id, purchases.bidderId))
    .where(and(eq(purchases.paddleRaiseId, raiseId), counts))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    amountCents: r.amountCents,
    paymentStatus: r.paymentStatus as PaymentStatus,
    bidderNumber: r.number,
    name: r.name,
    label: publicBidderLabel({ number: r.number, name: r.name, showName: r.showName }),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The keypad's view: the raise, its totals and its latest pledges. */
export async function raiseForStaff(db: Db, raiseId: string) {
  const raise = await requireRaise(db, raiseId);
  const totals = await totalsOf(db, [raise.id]);
  return { raise: raiseAnswer(raise, totals.get(raise.id)), latest: await latestPledges(db, raise.id) };
}

/**
 * One pledge of `amountCents` by `bidder` in the raise: a donation purchase, Pending, pointing at the raise and the bidder,
 * with the bidder's account as its owner (so they can pay it by card from their own page). The raise's row is locked, so a
 * pledge is never taken after its close; a closed raise or an amount that is not one of its levels changes nothing.
 */
async function pledge(
  db: Db,
  raiseId: string,
  bidder: Bidder,
  amountCents: number,
  options: { showName: boolean; actorUserId: string | null; note: string },
) {
  return db.transaction(async (tx) => {
    const raise = await requireRaise(tx, raiseId, true);
    if (raise.tournamentId !== bidder.tournamentId) throw new AppError('NOT_FOUND', PADDLE_MESSAGES.raiseNotFound);
    if (!isOpen(raise)) throw new AppError('CONFLICT', PADDLE_MESSAGES.closed);
    if (!raise.levelsCents.includes(amountCents))
      throw new AppError('VALIDATION', PADDLE_MESSAGES.notALevel, { amountCents: PADDLE_MESSAGES.notALevel });
    const [created] = await insertPurchases(
      tx,
      [
        {
          tournamentId: raise.tournamentId,
          kind: 'donation',
          userId: bidder.userId,
          buyerName: bidder.name,
          buyerEmail: bidder.email,
          // Pay later is the rule at a dinner: no hold deadline, so the expiry sweep leaves a pledge alone (R24).
          paymentStatus: 'pending',
          amountCents,
          showName: options.showName,
          note: options.note,
          recordedBy: options.actorUserId,
        },
      ],
      options.actorUserId,
    );
    await tx.update(purchases).set({ paddleRaiseId: raise.id, bidderId: bidder.id }).where(eq(purchases.id, created!.id));
    await notify(tx, raise.tournamentId);
    return { id: created!.id, paymentId: created!.paymentId, amountCents, bidderNumber: bidder.number, tournamentId: raise.tournamentId };
  });
}

/** The keypad: a raised paddle's number at a level. An unknown number is refused with a clear message and records nothing. */
export async function recordPaddle(db: Db, raiseId: string, input: KeypadPledgeInput, actorUserId: string) {
  const raise = await requireRaise(db, raiseId);
  const bidder = await bidderByNumber(db, raise.tournamentId, input.bidderNumber);
  if (!bidder) throw new AppError('NOT_FOUND', unknownBidder(input.bidderNumber));
  return pledge(db, raiseId, bidder, input.amountCents, {
    showName: bidder.showName,
    actorUserId,
    note: `Paddle raise: ${raise.title} (keypad)`,
  });
}

/**
 * Staff undo a pledge recorded by mistake (a mistyped number): it leaves the totals and the screen. Its money history is
 * kept (R26): the pledge and its record become 'expired' with a history row saying who undid it. A paid pledge is refunded
 * from the ledger instead.
 */
export async function undoPledge(db: Db, raiseId: string, pledgeId: string, actorUserId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: purchases.id, status: purchases.paymentStatus, tournamentId: purchases.tournamentId })
      .from(purchases)
      .where(and(eq(purchases.id, pledgeId), eq(purchases.paddleRaiseId, raiseId)))
      .for('update');
    if (!row || row.status === 'expired') throw new AppError('NOT_FOUND', PADDLE_MESSAGES.pledgeNotFound);
    if (row.status === 'paid') throw new AppError('CONFLICT', PADDLE_MESSAGES.undoPaid);
    const records = await tx
      .select({ id: payments.id, state: payments.state, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.purchaseId, pledgeId))
      .for('update');
    await tx.update(purchases).set({ paymentStatus: 'expired' }).where(eq(purchases.id, pledgeId));
    await tx.update(payments).set({ state: 'expired' }).where(eq(payments.purchaseId, pledgeId));
    await recordEachRecord(tx, records, { kind: 'status', toState: 'expired', actorUserId, note: () => 'Pledge undone on the keypad' });
    await notify(tx, row.tournamentId);
    return { id: pledgeId, tournamentId: row.tournamentId };
  });
}

/** Staff add a dinner guest without an account as a bidder: a new number, handed out like every other (R54). */
export async function addBidder(db: Db, input: AddBidderInput) {
  await requireTournament(db, input.tournamentId);
  const bidder = await bidderFor(db, input.tournamentId, { name: input.name, email: input.email }, input.showName);
  return { id: bidder.id, number: bidder.number, name: bidder.name };
}

// ── Guests (signed in, or through their golfer link) ─────────────────────────────────────────────────────────────

/** Who pledges from a phone: a signed-in person in a tournament they pick, or a golfer through their personal link. */
export type Pledger =
  { kind: 'user'; tournamentId: string; userId: string; name: string; email: string } | { kind: 'golfer'; token: string };

/** The golfer a personal link opens (R42), in any tournament state: a pledge at the dinner comes after the editing lock. */
async function golferOfToken(db: Db, token: string) {
  const [row] = await db
    .select({
      playerId: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      email: players.email,
      tournamentId: teams.tournamentId,
    })
    .from(golferLinks)
    .innerJoin(players, eq(players.id, golferLinks.playerId))
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(eq(golferLinks.tokenHash, hashToken(token)));
  if (!row) throw new AppError('NOT_FOUND', PADDLE_MESSAGES.linkInvalid);
  return row;
}

/** The pledger's tournament and identity as a bidder (R54); the bidder row is made on their first pledge only. */
async function identify(db: Db, who: Pledger): Promise<{ tournamentId: string; identity: BidderIdentity; find: ReturnType<typeof and> }> {
  if (who.kind === 'user') {
    await requireTournament(db, who.tournamentId);
    return {
      tournamentId: who.tournamentId,
      identity: { userId: who.userId, name: who.name, email: who.email },
      find: and(eq(bidders.tournamentId, who.tournamentId), eq(bidders.userId, who.userId)),
    };
  }
  const golfer = await golferOfToken(db, who.token);
  return {
    tournamentId: golfer.tournamentId,
    identity: { playerId: golfer.playerId, name: `${golfer.firstName} ${golfer.lastName}`.trim(), email: golfer.email },
    find: and(eq(bidders.tournamentId, golfer.tournamentId), eq(bidders.playerId, golfer.playerId)),
  };
}

/** The tournament's open raise, or its latest one when none is open (null when it never had one). */
async function currentRaise(db: Db, tournamentId: string) {
  const [row] = await db
    .select()
    .from(paddleRaises)
    .where(and(eq(paddleRaises.tournamentId, tournamentId), isNotNull(paddleRaises.openedAt)))
    .orderBy(sql`${paddleRaises.closedAt} is null desc`, desc(paddleRaises.openedAt), desc(paddleRaises.id))
    .limit(1);
  return row ?? null;
}

/** The guest's page: the tournament, the raise (open or the last one), their bidder number and their own pledges. */
export async function pledgePage(db: Db, who: Pledger) {
  const { tournamentId, find } = await identify(db, who);
  const tournament = await requireTournament(db, tournamentId);
  const raise = await currentRaise(db, tournamentId);
  const [bidder] = await db.select().from(bidders).where(find);
  const mine = bidder
    ? await db
        .select({
          id: purchases.id,
          raiseTitle: paddleRaises.title,
          amountCents: purchases.amountCents,
          paymentStatus: purchases.paymentStatus,
          createdAt: purchases.createdAt,
        })
        .from(purchases)
        .innerJoin(paddleRaises, eq(paddleRaises.id, purchases.paddleRaiseId))
        .where(and(eq(purchases.bidderId, bidder.id), counts))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
    : [];
  return {
    tournament,
    raise: raise ? { id: raise.id, title: raise.title, levelsCents: raise.levelsCents, open: isOpen(raise) } : null,
    bidderNumber: bidder?.number ?? null,
    pledges: mine.map((p) => ({ ...p, paymentStatus: p.paymentStatus as PaymentStatus, createdAt: p.createdAt.toISOString() })),
  };
}

/** A guest's pledge from their phone: their bidder (made on the first pledge, with the name tick), then the pledge. */
export async function pledgeAsGuest(db: Db, who: Pledger, input: GuestPledgeInput) {
  const { tournamentId, identity } = await identify(db, who);
  const bidder = await bidderFor(db, tournamentId, identity, input.showName);
  // The tick is the bidder's choice from now on (R54): the keypad's pledges of theirs follow it too.
  if (bidder.showName !== input.showName) await setShowName(db, bidder.id, input.showName);
  const raise = await requireRaise(db, input.raiseId);
  return pledge(db, input.raiseId, bidder, input.amountCents, {
    showName: input.showName,
    actorUserId: 'userId' in identity ? identity.userId : null,
    note: `Paddle raise: ${raise.title}`,
  });
}

export interface PayContext {
  appUrl: string;
  currency: string;
  /** Where the pledger returns after a cancel (their pledge page). */
  cancelPath: string;
}

/** The pledger pays their own pending pledges by card: one Checkout through the one path (decision 101). */
export async function payPledges(db: Db, stripe: StripeClient, who: Pledger, pledgeIds: string[], ctx: PayContext) {
  const { find } = await identify(db, who);
  const [bidder] = await db.select({ id: bidders.id, userId: bidders.userId }).from(bidders).where(find);
  const own = bidder
    ? await db
        .select({ id: purchases.id, userId: purchases.userId })
        .from(purchases)
        .where(and(inArray(purchases.id, pledgeIds), eq(purchases.bidderId, bidder.id)))
    : [];
  if (own.length !== new Set(pledgeIds).size) throw new AppError('NOT_FOUND', PADDLE_MESSAGES.pledgeNotFound);
  return createCheckout(db, stripe, {
    lines: linesOf('purchase', pledgeIds),
    // The pledges' owner: the bidder's account, or none for a golfer through their link.
    userId: own[0]!.userId,
    appUrl: ctx.appUrl,
    currency: ctx.currency,
    returnPath: '/give/thanks',
    cancelPath: ctx.cancelPath,
  });
}

// ── TV mode: the live board (R56) ────────────────────────────────────────────────────────────────────────────────

/**
 * Tournaments whose TV board is live: active ones that have had a raise. The screen keeps showing the last raise's final
 * total after it closes, until the tournament is closed.
 */
export async function paddleRaiseTournaments(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: tournaments.id, startDate: tournaments.startDate })
    .from(tournaments)
    .innerJoin(paddleRaises, eq(paddleRaises.tournamentId, tournaments.id))
    .where(and(eq(tournaments.active, true), isNotNull(paddleRaises.openedAt)))
    .orderBy(tournaments.startDate, tournaments.id);
  return rows.map((r) => r.id);
}

/** The TV board: the tournament's current raise, its total pledged, its count and the latest pledges as the public sees them. */
export async function loadPaddleBoard(db: Db, tournamentId: string): Promise<LoadedBoard<PaddleBoard>> {
  const [tournament] = await db
    .select({ id: tournaments.id, name: tournaments.name, active: tournaments.active })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found');
  const raise = await currentRaise(db, tournamentId);
  const totals = raise ? (await totalsOf(db, [raise.id])).get(raise.id) : undefined;
  const latest = raise ? await latestPledges(db, raise.id) : [];
  return {
    active: tournament.active && raise !== null,
    board: {
      tournament: { id: tournament.id, name: tournament.name },
      updatedAt: new Date().toISOString(),
      raise: raise
        ? {
            id: raise.id,
            title: raise.title,
            levelsCents: raise.levelsCents,
            open: isOpen(raise),
            pledgedCents: totals?.pledgedCents ?? 0,
            count: totals?.count ?? 0,
            // Names only where the pledger allowed them, the bidder number otherwise; never an e-mail (R54).
            latest: latest.map((p) => ({ id: p.id, label: p.label, amountCents: p.amountCents })),
          }
        : null,
    },
  };
}

export interface PaddleBoard {
  tournament: { id: string; name: string };
  updatedAt: string;
  raise: {
    id: string;
    title: string;
    levelsCents: number[];
    open: boolean;
    pledgedCents: number;
    count: number;
    latest: { id: string; label: string; amountCents: number }[];
  } | null;
}
