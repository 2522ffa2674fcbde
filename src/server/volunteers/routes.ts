// Volunteers (R60): staff invite, list and end (/api/admin/volunteers); the invitation's link holder reads it, signs up
// from it or accepts it signed in, and a volunteer reads their own live grants (/api/volunteer).
import { z } from '@hono/zod-openapi';
import { getActor, getViewer, type AppContext } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { instant } from '../http/answer-fields';
import { AppError, rateLimited, unauthenticated } from '../http/errors';
import { errorFields } from '../logger';
import { hitWindow } from '../auth/rate-limit';
import { waitText } from '../auth/routes';
import { volunteerInvitationMessage } from '../mail/templates';
import { tournamentParam } from '../http/path-params';
import { localDate } from '../../shared/editing-lock';
import { VOLUNTEER_ROLE_LABELS, VOLUNTEER_ROLES } from '../../shared/roles';
import { inviteVolunteerSchema, VOLUNTEER_MESSAGES, VOLUNTEER_STATUSES, volunteerSignUpSchema } from '../../shared/volunteer-schemas';
import {
  acceptInvitation,
  endVolunteerAccess,
  findInvitation,
  inviteVolunteer,
  listVolunteers,
  myVolunteerGrants,
  signUpAndAccept,
} from './service';

const today = (c: AppContext) => localDate(c.var.deps.now(), c.var.deps.config.timeZone);
const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const longDay = (isoDay: string) => dayFormat.format(new Date(`${isoDay}T12:00:00Z`));

const role = z.enum(VOLUNTEER_ROLES);
const volunteer = z
  .object({
    id: z.string(),
    email: z.string(),
    role,
    until: z.string(),
    status: z.enum(VOLUNTEER_STATUSES),
    acceptedName: z.string().nullable(),
    acceptedAt: instant.nullable(),
    endedAt: instant.nullable(),
    invitedByName: z.string().nullable(),
  })
  .openapi('Volunteer');
const invitation = z
  .object({
    email: z.string(),
    role,
    until: z.string(),
    tournamentId: z.string(),
    tournamentName: z.string(),
    status: z.enum(VOLUNTEER_STATUSES),
  })
  .openapi('VolunteerInvitation');
const grant = z
  .object({ id: z.string(), tournamentId: z.string(), tournamentName: z.string(), role, until: z.string() })
  .openapi('VolunteerGrant');
const tokenParam = z.object({ token: z.string().min(20, 'Invitation not found').max(100, 'Invitation not found') });
const idParam = z.object({ id: z.uuid('Volunteer not found') });

export const adminVolunteerRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'staff',
      summary: "A tournament's volunteers: who was invited, who accepted, until when, and who has ended (R60)",
      request: { query: tournamentParam },
      responses: { 200: jsonResponse('OK', z.object({ volunteers: z.array(volunteer) })) },
    }),
    async (c) => {
      const rows = await listVolunteers(c.var.deps.database.db, c.req.valid('query').tournamentId, today(c));
      return c.json(
        {
          volunteers: rows.map(({ createdAt: _created, ...row }) => ({
            ...row,
            acceptedAt: row.acceptedAt?.toISOString() ?? null,
            endedAt: row.endedAt?.toISOString() ?? null,
          })),
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'staff',
      summary: 'Invite a volunteer by e-mail to one tournament as Scorer or Check-in, until a date (R60)',
      description: 'The e-mail carries a link to sign up or sign in and accept; access ends at the end of `until` in TIME_ZONE.',
      request: { body: jsonBody(inviteVolunteerSchema) },
      responses: {
        201: jsonResponse('Invited', z.object({ id: z.string() })),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => {
      const { database, mailer, config, logger } = c.var.deps;
      const actor = await getActor(c);
      const viewer = (await getViewer(c))!;
      const invited = await inviteVolunteer(database.db, c.req.valid('json'), actor.userId, today(c));
      const url = `${config.appUrl}/volunteer/invitation/${invited.token}`;
      const message = volunteerInvitationMessage({
        tournamentName: invited.tournamentName,
        roleLabel: VOLUNTEER_ROLE_LABELS[invited.role],
        lastDay: longDay(invited.until),
        invitedBy: viewer.name || 'The organiser',
        url,
      });
      // The invitation stands if the e-mail fails: staff see it listed and can invite again.
      await mailer
        .send({ to: invited.email, ...message, link: url })
        .catch((error: unknown) => logger.error('volunteer invitation e-mail failed', { grantId: invited.id, ...errorFields(error) }));
      return c.json({ id: invited.id }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/end',
      access: 'staff',
      summary: "End a volunteer's access now: their next request is refused, in every process (R60)",
      request: { params: idParam },
      responses: { 204: { description: 'Ended (or already ended)' }, 404: errorResponse('No such volunteer') },
    }),
    async (c) => {
      const actor = await getActor(c);
      await endVolunteerAccess(c.var.deps.database.db, c.req.valid('param').id, actor.userId, c.var.deps.now());
      return c.body(null, 204);
    },
  );

export const volunteerRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/grants',
      access: 'signed-in',
      summary: "The caller's live volunteer grants (R60): which tournament, as what, until when",
      responses: { 200: jsonResponse('OK', z.object({ grants: z.array(grant) })) },
    }),
    async (c) => {
      const { userId } = await getActor(c);
      return c.json({ grants: await myVolunteerGrants(c.var.deps.database.db, userId, today(c)) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/invitations/{token}',
      access: 'public',
      noStore: true,
      summary: 'An invitation, as its link shows it: for whom, what, where, until when, and whether it is still open',
      request: { params: tokenParam },
      responses: { 200: jsonResponse('OK', invitation), 404: errorResponse('No such invitation') },
    }),
    async (c) => {
      const found = await findInvitation(c.var.deps.database.db, c.req.valid('param').token, today(c));
      if (!found) throw new AppError('NOT_FOUND', VOLUNTEER_MESSAGES.invitationGone);
      const { email, role: what, until, tournamentId, tournamentName, status } = found;
      return c.json({ email, role: what, until, tournamentId, tournamentName, status }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/invitations/{token}/accept',
      access: 'signed-in',
      summary: 'Accept an invitation as the signed-in account, which must have its e-mail (R60)',
      request: { params: tokenParam },
      responses: {
        200: jsonResponse('Accepted', z.object({ tournamentId: z.string(), role })),
        403: errorResponse('Signed in with another e-mail'),
        404: errorResponse('Unknown, used, ended or out of date'),
      },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      if (!viewer) throw unauthenticated();
      const accepted = await acceptInvitation(c.var.deps.database.db, c.req.valid('param').token, viewer, today(c), c.var.deps.now());
      return c.json({ tournamentId: accepted.tournamentId, role: accepted.role }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/invitations/{token}/sign-up',
      access: 'public',
      summary: "Create an account with the invitation's e-mail and accept it (R60); then sign in as usual",
      description:
        'The link reached the address, so no confirmation e-mail follows. Limited per address like sign-up. 409 when the e-mail has an account: sign in and accept instead.',
      request: { params: tokenParam, body: jsonBody(volunteerSignUpSchema) },
      responses: {
        201: jsonResponse('Created and accepted', z.object({ email: z.string() })),
        404: errorResponse('Unknown, used, ended or out of date'),
        409: errorResponse('The e-mail has an account'),
        429: errorResponse('Too many sign-ups from this address'),
      },
    }),
    async (c) => {
      const { database, limits, logger } = c.var.deps;
      const perAddress = await hitWindow(database.db, `sign-up:ip:${c.var.clientIp}`, limits.windowSeconds);
      if (perAddress.count > limits.signUpPerAddress) {
        throw rateLimited(
          c,
          perAddress.retryAfterSeconds,
          `Too many sign-ups from this address. Please try again in ${waitText(perAddress.retryAfterSeconds)}.`,
        );
      }
      const created = await signUpAndAccept(database.db, c.req.valid('param').token, c.req.valid('json'), today(c), c.var.deps.now());
      logger.info('volunteer account created', { userId: created.userId });
      return c.json({ email: created.email }, 201);
    },
  );
