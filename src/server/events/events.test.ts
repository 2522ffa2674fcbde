// The event page's read (R40) and its calendar file (R41): what Home shows of each open tournament, the same places left
// as the registration form, only the companies that agreed, and an .ics file a maintained parser (ical.js) reads.
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { golfCourses, teams, tournaments } from '../db/schema';
import { registerTeams } from '../registration/service';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { insertLeaders, teamsInput, useClock } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { recordOfflineGift } from '../donations/service';
import { createItem } from '../items/service';
import { offlineGiftSchema } from '../../shared/fundraising-schemas';

let t: TestApp;
let leaderId: string;

beforeAll(async () => {
  t = await createTestApp();
  [leaderId] = await insertLeaders(t.db, 1);
});
afterAll(() => t?.close());

const register = (tournamentId: string, levelId: string, n: number, company: string, showCompanyAsSponsor: boolean) =>
  registerTeams(
    t.db,
    leaderId,
    { ...registrationInput(tournamentId, levelId, { teams: teamsInput(n, company) }), company, showCompanyAsSponsor },
    new Date(),
  );

type EventAnswer = { events: Record<string, any>[]; currency: string };

describe('GET /api/events', () => {
  it('answers no event while no tournament is open (Home then shows its general page)', async () => {
    await createTournament(t.db, { name: 'Closed Classic', active: false });
    const { status, body } = await t.call<EventAnswer>('/api/events');
    expect(status).toBe(200);
    expect(body).toEqual({ events: [], currency: 'USD' });
  });

  it("answers each open tournament's page, soonest first, with the registration form's own places left", async () => {
    const [course] = await t.db.insert(golfCourses).values({ name: 'Willow Creek', totalHoles: 18 }).returning();
    await createTournament(t.db, { name: 'Autumn Open', startDate: '2027-09-24' });
    const sooner = await createTournament(t.db, {
      name: 'Spring Classic',
      startDate: '2027-04-16',
      endDate: '2027-04-17',
      maxTeams: 5,
      courseId: course!.id,
      cause: 'Camp places for\nchildren',
      schedule: ['11:00 Check-in', '12:30 Shotgun start'],
      address: '1 Lake Road, Harbor City',
    });
    const eagle = await createLevel(t.db, sooner.id, { name: 'Eagle', description: 'Sign on a tee', priceCents: 500_000, maxTeams: 3 });
    await createLevel(t.db, sooner.id, { name: 'Foursome', priceCents: 120_000, maxTeams: 10 });
    await register(sooner.id, eagle.id, 2, 'Acme Dental', true);
    await register(sooner.id, eagle.id, 1, 'Quiet Co', false);

    const { body } = await t.call<EventAnswer>('/api/events');
    expect(body.events.map((e) => e.name)).toEqual(['Spring Classic', 'Autumn Open']);
    const [spring, autumn] = body.events;
    expect(spring).toMatchObject({
      id: sooner.id,
      startDate: '2027-04-16',
      endDate: '2027-04-17',
      organisation: t.config.orgName,
      cause: 'Camp places for\nchildren',
      schedule: ['11:00 Check-in', '12:30 Shotgun start'],
      address: '1 Lake Road, Harbor City',
      course: { name: 'Willow Creek' },
      registrationOpen: true,
      // Only the company that agreed, once however many teams it registered.
      sponsors: ['Acme Dental'],
    });
    // The same figures as the registration form's read of the levels: never a different number.
    const { body: form } = await t.call(`/api/tournaments/${sooner.id}/levels`);
    expect(spring!.levels).toEqual(
      form.levels.map((l: Record<string, unknown>) => ({
        name: l.name,
        description: l.description,
        priceCents: l.priceCents,
        earlyPriceCents: l.earlyPriceCents,
        earlyUntil: l.earlyUntil,
        placesLeft: l.placesLeft,
      })),
    );
    // Eagle: 3 places, 3 taken; Foursome: the tournament's cap of 5 leaves 2.
    expect(spring!.levels.map((l: { placesLeft: number }) => l.placesLeft)).toEqual([0, 2]);
    // A tournament with no course, levels, texts or sponsors: those parts are empty, never missing or made up.
    expect(autumn).toMatchObject({ course: null, levels: [], sponsors: [], cause: '', schedule: [], address: '', endDate: null });
  });

  it('shows an early price with its last day while it runs, beside the regular price, and only the regular price after it (R58)', async () => {
    const open = await createTournament(t.db, { name: 'Early Bird Open', startDate: '2027-06-01' });
    await createLevel(t.db, open.id, { name: 'Birdie', priceCents: 80_000, earlyPriceCents: 65_000, earlyUntil: '2027-03-31' });
    const clock = useClock(t, '2027-03-15T12:00:00Z');
    try {
      const birdie = async () => {
        const { body } = await t.call<EventAnswer>('/api/events');
        return body.events.find((e) => e.id === open.id)!.levels[0];
      };
      expect(await birdie()).toMatchObject({ priceCents: 80_000, earlyPriceCents: 65_000, earlyUntil: '2027-03-31' });
      // Two days after its last day, in any time zone: the regular price alone.
      clock.set('2027-04-02T12:00:00Z');
      expect(await birdie()).toMatchObject({ priceCents: 80_000, earlyPriceCents: null, earlyUntil: null });
    } finally {
      t.deps.now = () => new Date();
    }
  });

  it('leaves out a closed tournament, and a team whose place expired', async () => {
    const open = await createTournament(t.db, { name: 'Expiry Cup', startDate: '2027-05-01' });
    const level = await createLevel(t.db, open.id, { name: 'Par' });
    await register(open.id, level.id, 1, 'Gone Ltd', true);
    await t.db.update(teams).set({ paymentStatus: 'expired' }).where(eq(teams.company, 'Gone Ltd'));
    const { body } = await t.call<EventAnswer>('/api/events');
    expect(body.events.find((e) => e.id === open.id)!.sponsors).toEqual([]);
    await t.db.update(tournaments).set({ active: false }).where(eq(tournaments.id, open.id));
    expect((await t.call<EventAnswer>('/api/events')).body.events.some((e) => e.id === open.id)).toBe(false);
  });
});

describe("the leader's consent (R40: default no)", () => {
  it('names the company only when the registration form said yes, and the leader can change it later', async () => {
    const leader = await t.createUser('team_leader');
    const event = await createTournament(t.db, { name: 'Consent Cup', startDate: '2027-07-01' });
    const level = await createLevel(t.db, event.id, { name: 'Consent level' });
    const sponsorsOf = async () => (await t.call<EventAnswer>('/api/events')).body.events.find((e) => e.id === event.id)!.sponsors;

    const silent = await t.call('/api/registrations', {
      cookie: leader.cookie,
      json: { ...registrationInput(event.id, level.id), company: 'Silent Co' },
    });
    expect(silent.status, JSON.stringify(silent.body)).toBe(201);
    const agreed = await t.call('/api/registrations', {
      cookie: leader.cookie,
      json: { ...registrationInput(event.id, level.id), company: 'Proud Co', showCompanyAsSponsor: true },
    });
    expect(agreed.status).toBe(201);
    expect(await sponsorsOf()).toEqual(['Proud Co']);

    const refused = await t.call('/api/registrations', {
      cookie: leader.cookie,
      json: { ...registrationInput(event.id, level.id), showCompanyAsSponsor: 'yes' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty('showCompanyAsSponsor');

    const [team] = await t.db.select().from(teams).where(eq(teams.company, 'Silent Co'));
    const { body: detail } = await t.call(`/api/teams/${team!.id}`, { cookie: leader.cookie });
    expect(detail.team.showCompanyAsSponsor).toBe(false);
    const edit = await t.call(`/api/teams/${team!.id}`, {
      method: 'PUT',
      cookie: leader.cookie,
      json: {
        teamName: detail.team.name,
        company: 'Silent Co',
        contactName: detail.team.contactName,
        contactPhone: detail.team.contactPhone,
        contactEmail: detail.team.contactEmail,
        showCompanyAsSponsor: true,
        players: detail.team.players,
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await sponsorsOf()).toEqual(['Proud Co', 'Silent Co']);
  });
});

describe('raised, items and hole sponsors on the event page (R36, R38)', () => {
  it('shows raised against the goal and the items with places left, the same figures as their own reads', async () => {
    const staffer = await t.createUser('admin');
    const event = await createTournament(t.db, { name: 'Goal Cup', startDate: '2027-08-01', goalCents: 1_000_000 });
    await createItem(t.db, event.id, {
      name: 'Hole sponsor',
      includes: 'A sign on the tee',
      priceCents: 25_000,
      quantity: 18,
      fmvCents: 0,
      isHole: true,
    });
    await recordOfflineGift(
      t.db,
      offlineGiftSchema.parse({
        tournamentId: event.id,
        amount: '150',
        name: 'Kind Giver',
        email: 'kind@example.org',
        method: 'cheque',
        note: '',
      }),
      staffer.id,
    );
    const page = (await t.call<EventAnswer>('/api/events')).body.events.find((e) => e.id === event.id)!;
    const raised = (await t.call(`/api/tournaments/${event.id}/raised`)).body;
    expect(page.raisedCents).toBe(15_000);
    expect(page.raisedCents).toBe(raised.raisedCents);
    expect(page.goalCents).toBe(1_000_000);
    const items = (await t.call(`/api/items?tournamentId=${event.id}`)).body;
    expect(page.items).toEqual(
      items.items.map((i: Record<string, unknown>) => ({
        name: i.name,
        includes: i.includes,
        priceCents: i.priceCents,
        placesLeft: i.placesLeft,
      })),
    );
    expect(page.items[0]).toMatchObject({ name: 'Hole sponsor', placesLeft: 18 });
    expect(page.holeSponsors).toEqual([]);
  });
});

describe('GET /events/{id}.ics', () => {
  it('is a valid iCalendar file with the event as an all-day VEVENT', async () => {
    const event = await createTournament(t.db, {
      name: 'Calendar Classic; with, commas',
      startDate: '2027-06-10',
      endDate: '2027-06-11',
      cause: 'A long cause line that goes on well past seventy-five octets, so the file must fold it — café ünïcode included.',
      schedule: ['08:00 Check-in'],
      address: '5 Hill Road',
    });
    const response = await t.request(`/events/${event.id}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Calendar Classic; with, commas');
    expect(vevent.startDate.toString()).toBe('2027-06-10');
    expect(vevent.startDate.isDate).toBe(true);
    expect(vevent.endDate.toString()).toBe('2027-06-12'); // exclusive: the day after the last day
    expect(vevent.location).toBe('5 Hill Road');
    expect(vevent.description).toBe(`${event.cause}\n08:00 Check-in`);
    expect(vevent.uid).toBe(`${event.id}@localhost`);
    // The same answer at its API address.
    const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*$/m, '');
    expect(withoutStamp(await (await t.request(`/api/events/${event.id}/calendar`)).text())).toBe(withoutStamp(text));
  });

  it('answers 404 for a closed or unknown tournament', async () => {
    const closed = await createTournament(t.db, { active: false });
    for (const id of [closed.id, '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await t.call(`/events/${id}.ics`);
      expect(status).toBe(404);
      expect(body.error.message).toBe('Event not found');
    }
  });
});
