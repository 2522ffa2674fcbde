// /api/waitlist (a leader's entries and offers) and /api/admin/waitlist (staff: each level's line, remove an entry), R25.
import { z } from '@hono/zod-openapi';
import { getViewer } from '../http/context';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { unauthenticated } from '../http/errors';
import { joinWaitlistSchema } from '../../shared/waitlist-schemas';
import { declineOffer, getOffer, joinWaitlist, myWaitlist, removeEntry, waitlistForStaff } from './service';
const entry = z
  .object({
    id: z.string(),
    /** R25: in line, or holding an offer of places until offerExpiresAt. */
    status: z.enum(['waiting', 'offered']),
    teamsWanted: z.number(),
    contactName: z.string(),
    contactEmail: z.string(),
    offerToken: z.string().nullable(),
    offerExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    levelId: z.string(),
    levelName: z.string(),
    tournamentId: z.string(),
    tournamentName: z.string(),
    position: z.number(),
  })
  .openapi('WaitlistEntry');
const tokenParam = z.object({ token: z.string().regex(/^[\w-]{16,64}$/, 'This waitlist offer has expired or was already used') });

async function viewerId(c: Parameters<typeof getViewer>[0]) {
  const viewer = await getViewer(c);
  if (!viewer) throw unauthenticated();
  return viewer.userId;
}

export const waitlistRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'signed-in',
      summary: "Join a sold-out level's waitlist (how many teams, the contact)",
      request: { body: jsonBody(joinWaitlistSchema) },
      responses: {
        201: jsonResponse('On the list', z.object({ id: z.string(), position: z.number() })),
        409: errorResponse('Places are free, or already waiting'),
      },
    }),
    async (c) => {
      const { database, now, config } = c.var.deps;
      return c.json(await joinWaitlist(database.db, await viewerId(c), c.req.valid('json'), now(), config.timeZone), 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/mine',
      access: 'signed-in',
      summary: "The caller's open waitlist entries with their place in line and any offer",
      responses: { 200: jsonResponse('OK', z.object({ entries: z.array(entry) })) },
    }),
    async (c) => {
      return c.json({ entries: await myWaitlist(c.var.deps.database.db, await viewerId(c)) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/offers/{token}',
      access: 'signed-in',
      summary: "The caller's open offer: the level and tournament it keeps places at, how many, until when",
      request: { params: tokenParam },
      responses: { 200: jsonResponse('OK', z.object({ offer: entry })), 404: errorResponse('Expired, used, or not the caller’s') },
    }),
    async (c) =>
      c.json({ offer: await getOffer(c.var.deps.database.db, await viewerId(c), c.req.valid('param').token, c.var.deps.now()) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/offers/{token}/decline',
      access: 'signed-in',
      summary: 'Pass an offer on: its places go to the next in line',
      request: { params: tokenParam },
      responses: { 204: { description: 'Passed on' }, 404: errorResponse('Expired, used, or not the caller’s') },
    }),
    async (c) => {
      await declineOffer(c.var.deps.database.db, await viewerId(c), c.req.valid('param').token);
      return c.body(null, 204);
    },
  );

export const adminWaitlistRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'staff',
      summary: "Each level's open waitlist entries in order (optionally of one tournament)",
      request: {
        query: z.object({ tournamentId: z.preprocess((v) => (v === '' ? undefined : v), z.guid('Tournament not found').optional()) }),
      },
      responses: { 200: jsonResponse('OK', z.object({ entries: z.array(entry) })) },
    }),
    async (c) => {
      return c.json({ entries: await waitlistForStaff(c.var.deps.database.db, c.req.valid('query').tournamentId) }, 200);
    },
  )
  .openapi(
    ...deleteRoute({
      path: '/{id}',
      access: 'staff',
      summary: 'Remove an entry from its waitlist (an open offer’s places are released)',
      params: z.object({ id: z.uuid('Waitlist entry not found') }),
      refusals: { 404: errorResponse('No such open entry') },
      remove: (c, { id }) => removeEntry(c.var.deps.database.db, id),
    }),
  );
