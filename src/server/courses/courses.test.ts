import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseHoles, golfCourses, teamAssignments, tournamentCourses, tournaments } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { createRegisteredTeam, createTournament } from '../test/factories';
import { fileAppWithUsers } from '../test/file-app';
import { createCourse } from './service';

const BASE = '/api/admin/courses';

const { app: t, admin, moderator, leader } = await fileAppWithUsers();

let n = 0;
const named = (label: string) => `${label} ${++n}`;
const courseRow = async (id: string) => (await t.db.select().from(golfCourses).where(eq(golfCourses.id, id)))[0];
const holesOf = (id: string) =>
  t.db
    .select({ holeNumber: courseHoles.holeNumber, par: courseHoles.par })
    .from(courseHoles)
    .where(eq(courseHoles.courseId, id))
    .orderBy(asc(courseHoles.holeNumber));
const pars = async (id: string) => (await holesOf(id)).map((h) => h.par);
const put = (path: string, json: unknown) => t.call(path, { method: 'PUT', json, cookie: admin.cookie });
const setPar = (id: string, hole: number, par: unknown) => put(`${BASE}/${id}/holes/${hole}`, { par });

describe('creating and listing courses (admin)', () => {
  it('creates a course and its holes at par 4 in one go, and lists it with its total par', async () => {
    const { status, body } = await t.call(BASE, {
      json: { name: '  Willow Creek ', totalHoles: 18, description: ' Parkland ' },
      cookie: admin.cookie,
    });
    expect(status).toBe(201);
    expect(body.course).toEqual({
      id: expect.any(String),
      name: 'Willow Creek',
      totalHoles: 18,
      description: 'Parkland',
      parTotal: 72,
      slope: 113,
      rating: null,
    });
    expect(await holesOf(body.course.id)).toEqual(Array.from({ length: 18 }, (_, i) => ({ holeNumber: i + 1, par: 4 })));

    const list = await t.call(BASE, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.response.headers.get('cache-control')).toBe('no-store');
    expect(list.body.courses).toContainEqual(body.course);
  });

  it('defaults to 18 holes and an empty description', async () => {
    const { status, body } = await t.call(BASE, { json: { name: named('Pine Valley') }, cookie: admin.cookie });
    expect(status).toBe(201);
    expect(body.course).toMatchObject({ totalHoles: 18, description: '', parTotal: 72 });
  });

  it('accepts 9 and 36 holes', async () => {
    for (const totalHoles of [9, 36]) {
      const { status, body } = await t.call(BASE, { json: { name: named('Edge'), totalHoles }, cookie: admin.cookie });
      expect(status).toBe(201);
      expect(body.course.parTotal).toBe(totalHoles * 4);
      expect(await holesOf(body.course.id)).toHaveLength(totalHoles);
    }
  });

  it('lists courses by name, each total par the sum of its holes', async () => {
    const zed = await createCourse(t.db, { name: 'Zzz Last Links', totalHoles: 9 });
    const aaa = await createCourse(t.db, { name: 'Aaa First Links', totalHoles: 9 });
    await setPar(zed.id, 1, 3);
    await setPar(zed.id, 2, 5);
    await setPar(zed.id, 3, 5);
    const { body } = await t.call(BASE, { cookie: admin.cookie });
    const names = body.courses.map((c: { name: string }) => c.name);
    expect(names.indexOf(aaa.name)).toBeLessThan(names.indexOf(zed.name));
    expect(body.courses.find((c: { id: string }) => c.id === zed.id).parTotal).toBe(37);
  });
});

describe('editing a course: the holes follow the total', () => {
  it('saves name and description without touching the holes', async () => {
    const course = await createCourse(t.db, { name: named('Old Name'), totalHoles: 9 });
    await setPar(course.id, 4, 3);
    const { status, body } = await put(`${BASE}/${course.id}`, { name: 'New Name', totalHoles: 9, description: 'Links by the sea' });
    expect(status).toBe(200);
    expect(body.course).toEqual({
      id: course.id,
      name: 'New Name',
      totalHoles: 9,
      description: 'Links by the sea',
      parTotal: 35,
      slope: 113,
      rating: null,
    });
    expect(await pars(course.id)).toEqual([4, 4, 4, 3, 4, 4, 4, 4, 4]);
  });

  it('growing adds the new holes at par 4 and keeps the par of the others', async () => {
    const course = await createCourse(t.db, { name: named('Grow'), totalHoles: 9 });
    await setPar(course.id, 9, 5);
    const { status, body } = await put(`${BASE}/${course.id}`, { name: course.name, totalHoles: 12 });
    expect(status).toBe(200);
    expect(body.course).toMatchObject({ totalHoles: 12, parTotal: 49 });
    expect(await holesOf(course.id)).toEqual([
      ...[4, 4, 4, 4, 4, 4, 4, 4, 5].map((par, i) => ({ holeNumber: i + 1, par })),
      { holeNumber: 10, par: 4 },
      { holeNumber: 11, par: 4 },
      { holeNumber: 12, par: 4 },
    ]);
  });

  it('shrinking removes the highest holes and keeps the par of the rest', async () => {
    const course = await createCourse(t.db, { name: named('Shrink'), totalHoles: 18 });
    await setPar(course.id, 2, 5);
    await setPar(course.id, 17, 3);
    const { status, body } = await put(`${BASE}/${course.id}`, { name: course.name, totalHoles: 9 });
    expect(status).toBe(200);
    expect(body.course).toMatchObject({ totalHoles: 9, parTotal: 37 });
    expect(await holesOf(course.id)).toEqual([4, 5, 4, 4, 4, 4, 4, 4, 4].map((par, i) => ({ holeNumber: i + 1, par })));
    expect((await courseRow(course.id))!.totalHoles).toBe(9);
  });

  it('shrinking then growing back brings the removed holes back at par 4', async () => {
    const course = await createCourse(t.db, { name: named('Round trip'), totalHoles: 10 });
    await setPar(course.id, 10, 3);
    await put(`${BASE}/${course.id}`, { name: course.name, totalHoles: 9 });
    await put(`${BASE}/${course.id}`, { name: course.name, totalHoles: 10 });
    expect((await holesOf(course.id)).at(-1)).toEqual({ holeNumber: 10, par: 4 });
  });

  it('refuses to remove holes a tournament on the course has starting holes on, naming it, and changes nothing', async () => {
    const course = await createCourse(t.db, { name: named('Drawn'), totalHoles: 18 });
    const { tournament, team } = await createRegisteredTeam(t.db, leader.id);
    await t.db.update(tournaments).set({ name: 'Harbor Classic' }).where(eq(tournaments.id, tournament.id));
    await t.db.insert(tournamentCourses).values({ tournamentId: tournament.id, courseId: course.id });
    await t.db.insert(teamAssignments).values({ tournamentId: tournament.id, teamId: team.id, startingHole: 14 });
    const before = await fingerprint(t.db);
    const { status, body } = await put(`${BASE}/${course.id}`, { name: course.name, totalHoles: 12 });
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: 'CONFLICT',
      message: 'Cannot remove holes 13 to 18: Harbor Classic has starting holes or scores up to hole 14',
      fields: { totalHoles: 'At least 14 holes are in use' },
    });
    expect(await fingerprint(t.db)).toEqual(before);
    // Down to the highest hole in use is fine.
    expect((await put(`${BASE}/${course.id}`, { name: course.name, totalHoles: 14 })).status).toBe(200);
    expect(await holesOf(course.id)).toHaveLength(14);
  });
});

describe('the hole par grid', () => {
  it('lists the holes by number', async () => {
    const course = await createCourse(t.db, { name: named('Grid'), totalHoles: 9 });
    const { status, body, response } = await t.call(`${BASE}/${course.id}/holes`, { cookie: admin.cookie });
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({ holes: Array.from({ length: 9 }, (_, i) => ({ holeNumber: i + 1, par: 4, strokeIndex: null })) });
  });

  it('sets one hole’s par to 3, 4 or 5 and the total follows', async () => {
    const course = await createCourse(t.db, { name: named('Par set'), totalHoles: 9 });
    for (const par of [3, 5, 4, 5]) {
      const { status, body } = await setPar(course.id, 7, par);
      expect(status).toBe(200);
      expect(body).toEqual({ hole: { holeNumber: 7, par, strokeIndex: null } });
    }
    expect(await pars(course.id)).toEqual([4, 4, 4, 4, 4, 4, 5, 4, 4]);
    const { body } = await t.call(BASE, { cookie: admin.cookie });
    expect(body.courses.find((c: { id: string }) => c.id === course.id).parTotal).toBe(37);
  });

  it.each([2, 6, 0, -4, 3.5, '4', null])('ignores par %j: 400 with "Par must be 3, 4 or 5", the saved par stays', async (par) => {
    const course = await createCourse(t.db, { name: named('Bad par'), totalHoles: 9 });
    await setPar(course.id, 2, 5);
    const before = await fingerprint(t.db);
    const { status, body } = await setPar(course.id, 2, par);
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION', message: 'Par must be 3, 4 or 5', fields: { par: 'Par must be 3, 4 or 5' } });
    expect(await fingerprint(t.db)).toEqual(before);
    expect((await holesOf(course.id))[1]).toEqual({ holeNumber: 2, par: 5 });
  });

  it('answers 404 for a hole beyond the course and for an unknown course, 400 for a hole number out of range', async () => {
    const course = await createCourse(t.db, { name: named('Nine'), totalHoles: 9 });
    expect((await setPar(course.id, 10, 4)).body.error).toEqual({ code: 'NOT_FOUND', message: 'This course has no hole 10' });
    const unknown = '8d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
    expect((await setPar(unknown, 1, 4)).body.error).toEqual({ code: 'NOT_FOUND', message: 'Golf course not found' });
    expect((await t.call(`${BASE}/${unknown}/holes`, { cookie: admin.cookie })).status).toBe(404);
    for (const hole of ['0', '37', 'x']) expect((await setPar(course.id, hole as never, 4)).status).toBe(400);
  });
});

describe('deleting a course', () => {
  it('deletes a course no tournament uses, with its holes', async () => {
    const course = await createCourse(t.db, { name: named('Spare') });
    const { status, body } = await t.call(`${BASE}/${course.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(204);
    expect(body).toBeNull();
    expect(await courseRow(course.id)).toBeUndefined();
    expect(await holesOf(course.id)).toEqual([]);
  });

  it('is refused with 409 naming the tournament that lists it (tournament_courses), changing nothing', async () => {
    const course = await createCourse(t.db, { name: 'Cedar Ridge' });
    const tournament = await createTournament(t.db, { name: 'Fall Fundraiser' });
    await t.db.insert(tournamentCourses).values({ tournamentId: tournament.id, courseId: course.id });
    const before = await fingerprint(t.db);
    const { status, body } = await t.call(`${BASE}/${course.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(409);
    expect(body).toEqual({
      error: { code: 'CONFLICT', message: 'Cedar Ridge is used by Fall Fundraiser: remove it from the tournament first' },
    });
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('is refused for the legacy tournaments.course_id too, naming every tournament', async () => {
    const course = await createCourse(t.db, { name: named('Legacy') });
    await createTournament(t.db, { name: 'Winter Open' }).then((tr) =>
      t.db.update(tournaments).set({ courseId: course.id }).where(eq(tournaments.id, tr.id)),
    );
    const listed = await createTournament(t.db, { name: 'Alpha Cup' });
    await t.db.insert(tournamentCourses).values({ tournamentId: listed.id, courseId: course.id });
    const { status, body } = await t.call(`${BASE}/${course.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(409);
    expect(body.error.message).toBe(`${course.name} is used by Alpha Cup and Winter Open: remove it from those tournaments first`);
    expect(await courseRow(course.id)).toBeDefined();
  });

  it('answers 404 for an unknown course', async () => {
    expect((await t.call(`${BASE}/8d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
  });
});

describe('validation (spec §5, §9)', () => {
  const HOLES = 'Total holes must be a whole number from 9 to 36';
  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ totalHoles: 18 }, 'name', 'Name is required'],
    [{ name: 'Eight', totalHoles: 8 }, 'totalHoles', HOLES],
    [{ name: 'Thirty-seven', totalHoles: 37 }, 'totalHoles', HOLES],
    [{ name: 'Fraction', totalHoles: 12.5 }, 'totalHoles', HOLES],
    [{ name: 'Text', totalHoles: '18' }, 'totalHoles', HOLES],
    [{ name: 'Long', description: 'x'.repeat(1001) }, 'description', 'Must be at most 1000 characters'],
  ])('refuses %j with "%s: %s" and saves nothing', async (json, field, message) => {
    const target = await createCourse(t.db, { name: named('Target'), totalHoles: 18 });
    for (const [path, method] of [
      [BASE, 'POST'],
      [`${BASE}/${target.id}`, 'PUT'],
    ] as const) {
      const before = await fingerprint(t.db);
      const { status, body } = await t.call(path, { method, json, cookie: admin.cookie });
      expect(status).toBe(400);
      expect(body.error.fields[field]).toBe(message);
      expect(await fingerprint(t.db)).toEqual(before);
    }
  });

  it('refuses a second course of the same name, in any case', async () => {
    await createCourse(t.db, { name: 'Oak Hollow' });
    const { status, body } = await t.call(BASE, { json: { name: 'OAK HOLLOW' }, cookie: admin.cookie });
    expect(status).toBe(409);
    expect(body.error.message).toBe('A golf course named OAK HOLLOW already exists');
  });
});

describe('access (R8, R9): admins only', () => {
  it('refuses anonymous callers (401), team leaders and moderators (403) on every action, changing nothing', async () => {
    const course = await createCourse(t.db, { name: named('Guarded'), totalHoles: 9 });
    const calls = [
      { path: BASE },
      { path: BASE, method: 'POST', json: { name: named('Intruder') } },
      { path: `${BASE}/${course.id}`, method: 'PUT', json: { name: 'Hijacked', totalHoles: 36 } },
      { path: `${BASE}/${course.id}`, method: 'DELETE' },
      { path: `${BASE}/${course.id}/holes` },
      { path: `${BASE}/${course.id}/holes/1`, method: 'PUT', json: { par: 5 } },
    ];
    for (const { path, ...options } of calls) {
      for (const [caller, expected] of [
        [null, 401],
        [leader, 403],
        [moderator, 403],
      ] as const) {
        const before = await fingerprint(t.db);
        const { status } = await t.call(path, { ...options, cookie: caller?.cookie });
        expect(status, `${options.method ?? 'GET'} ${path} as ${caller?.role ?? 'anonymous'}`).toBe(expected);
        expect(await fingerprint(t.db)).toEqual(before);
      }
    }
    expect(await pars(course.id)).toEqual(Array(9).fill(4));
  });
});
