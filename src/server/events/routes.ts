// /api/events: the event page's read (R40: every open tournament, soonest first) and each event's calendar file
// (R41). Public, like the leaderboard: names of companies that agreed to be shown, never a person's details.
import { z } from '@hono/zod-openapi';
import { day } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { eventCalendar } from './calendar';
import { getOpenEvent, listOpenEvents, type EventContext } from './service';
import type { AppDeps } from '../http/context';

export const eventSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    startDate: day,
    endDate: day.nullable(),
    organisation: z.string(),
    /** Plain text as staff wrote it (line breaks kept; shown as text, never HTML). */
    cause: z.string(),
    schedule: z.array(z.string()),
    address: z.string(),
    course: z.object({ name: z.string() }).nullable(),
    /** R40: the hero image's 1280 and 640 px variants (WebP), or null. */
    heroImage: z.object({ url: z.string(), smallUrl: z.string() }).nullable(),
    /** Registration closes at the editing lock (R17). */
    registrationOpen: z.boolean(),
    /** R59: the last day has passed: the page links the results (/results/:id). */
    finished: z.boolean(),
    /** The registration form's own figures (R13): the same places left. */
    levels: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        priceCents: z.number(),
        /** R58: the early-bird price and its last day (TIME_ZONE) while it runs at this request; else null. */
        earlyPriceCents: z.number().nullable(),
        earlyUntil: z.string().nullable(),
        placesLeft: z.number(),
      }),
    ),
    /** Companies of teams that agreed at registration to be named. */
    sponsors: z.array(z.string()),
    /** Sponsorship items (R36) with places left as the purchase counts them. */
    items: z.array(z.object({ name: z.string(), includes: z.string(), priceCents: z.number(), placesLeft: z.number() })),
    holeSponsors: z.array(z.object({ holeNumber: z.number(), name: z.string(), logoUrl: z.string().nullable() })),
    /** R38: raised (one definition, payments/raised.ts) against the goal (null: none set). */
    raisedCents: z.number(),
    goalCents: z.number().nullable(),
    /** R53: the tournament has a silent auction with lots (its page: /auction/{id}). */
    auction: z.boolean(),
  })
  .openapi('EventPage');
export const eventsSchema = z.object({ events: z.array(eventSchema), currency: z.string() }).openapi('EventPages');

/** The organisation's name as stored now (R51), so a change in Admin → Settings shows on the next read, in every process. */
export const eventContext = async (deps: AppDeps): Promise<EventContext> => ({
  now: deps.now(),
  timeZone: deps.config.timeZone,
  organisation: (await deps.organisation.read()).name,
});

export const eventRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'public',
      summary: "Every open tournament's event page, soonest first (R40)",
      noStore: true,
      responses: { 200: jsonResponse('OK', eventsSchema) },
    }),
    async (c) => {
      const { deps } = c.var;
      return c.json({ events: await listOpenEvents(deps.database.db, await eventContext(deps)), currency: deps.config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}/calendar',
      access: 'public',
      summary: "An open tournament as an iCalendar file (R41: 'Add to calendar'; also served at /events/{id}.ics)",
      request: { params: z.object({ id: z.uuid('Event not found') }) },
      responses: {
        200: { description: 'iCalendar', content: { 'text/calendar': { schema: z.string() } } },
        404: errorResponse('No such open tournament'),
      },
    }),
    async (c) => {
      const { deps } = c.var;
      const event = await getOpenEvent(deps.database.db, c.req.valid('param').id, await eventContext(deps));
      return c.body(eventCalendar(event, { appUrl: deps.config.appUrl, now: deps.now() }), 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="event-${event.id}.ics"`,
      });
    },
  );
