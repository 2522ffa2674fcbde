// /api/teams: a leader's own teams; reading or changing one team is for its leader (before the lock) or staff.
import { z } from '@hono/zod-openapi';
import { getActor, getViewer } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { editTeamSchema } from '../../shared/team-schemas';
import { leaderTeam, teamDetail } from './schemas';
import { getTeam, listTeamsOf, updateTeam } from './service';
import { sendInvitations } from '../golfer-answers/invitations';
import { teamIdParam } from '../http/path-params';
import { teamLines } from '../payments/line-tables';
import { isPayable } from '../../shared/payment-status';
import { feeRuleOf } from '../settings/organisation';
import { feeOn } from '../../shared/pricing';
import { teamReceiptIds } from '../receipts/service';

export const teamRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/mine',
      access: 'signed-in',
      summary: "The signed-in leader's teams, newest first, each with whether it can still be edited",
      description: "An unpaid team says what it still owes and, with card payments on, what covering the card fee adds to 'Pay now' (R58).",
      responses: { 200: jsonResponse('OK', z.object({ teams: z.array(leaderTeam) })) },
    }),
    async (c) => {
      const { database, config, now, userAnswers, stripe, organisation } = c.var.deps;
      const actor = await getActor(c);
      const teams = await listTeamsOf(database.db, actor.userId, now(), config.timeZone, (load) =>
        userAnswers.read('teams', actor.userId, load),
      );
      // Read apart from the cached rows (their cache is dropped by team changes, not payment records'), and only for the
      // teams concerned: what an unpaid team owes (on tournament day most dashboards have none), and a paid team's
      // receipts (R39). The reads go together, not one after the other.
      const unpaid = teams.filter((t) => isPayable(t.paymentStatus)).map((t) => t.id);
      const paid = teams.filter((t) => t.paymentStatus === 'paid').map((t) => t.id);
      const [dueLines, receipts, settings] = await Promise.all([
        unpaid.length ? teamLines.due(database.db, unpaid) : [],
        teamReceiptIds(database.db, paid),
        stripe && unpaid.length ? organisation.read() : null,
      ]);
      const due = new Map(dueLines.map((l) => [l.id, l.dueCents]));
      const fee = settings ? feeRuleOf(settings) : null;
      const withDue = teams.map((t) => {
        const dueCents = due.get(t.id) ?? 0;
        return { ...t, dueCents, coverableFeeCents: feeOn(dueCents, fee), receiptIds: receipts.get(t.id) ?? [] };
      });
      return c.json({ teams: withDue }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}',
      access: 'signed-in',
      summary: 'One team with its players and their contact details',
      description: "Only the team's leader and staff (R11); anyone else gets 403.",
      request: { params: teamIdParam },
      responses: {
        200: jsonResponse('OK', z.object({ team: teamDetail })),
        403: errorResponse('Not your team'),
        404: errorResponse('No such team'),
      },
    }),
    async (c) => {
      const { database, config, now } = c.var.deps;
      return c.json({ team: await getTeam(database.db, await getActor(c), c.req.valid('param').id, now(), config.timeZone) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{id}',
      access: 'signed-in',
      summary: "Change a team's name, company, contact and its four players",
      description:
        "The team's leader until the editing lock (R17), or an admin at any time (moderators read only, R8). Payment status, amount and owner cannot be set here.",
      request: { params: teamIdParam, body: jsonBody(editTeamSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ team: teamDetail })),
        403: errorResponse('Not your team, or editing is locked'),
        404: errorResponse('No such team'),
        429: errorResponse(
          'The golfers’ e-mails this save would send pass a daily limit (USER_MAIL_PER_DAY, USER_MAIL_PER_ADDRESS): nothing saved',
        ),
      },
    }),
    async (c) => {
      const { database, config, now, mailer } = c.var.deps;
      const actor = await getActor(c);
      const sender = { key: `user:${actor.userId}`, ownEmail: (await getViewer(c))?.email, staff: actor.staff };
      const { team, invitations } = await updateTeam(
        database.db,
        actor,
        c.req.valid('param').id,
        c.req.valid('json'),
        now(),
        config.timeZone,
        // Without SMTP nothing leaves the server (R7: the log only): nothing to count.
        mailer.configured ? { sender, limits: config.mailToOthers } : undefined,
      );
      // Golfers newly asked to answer for themselves get their link (R42); the save stands if the mail server is down.
      void sendInvitations(c.var.deps, invitations, team.tournament);
      return c.json({ team }, 200);
    },
  );
