import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { editTeamSchema, multiTeamSchema, singleTeamSchema, singleToRegistration } from './team-schemas';

const TOURNAMENT_ID = '7b0d6c1e-3f0a-4c59-9a43-1a2b3c4d5e6f';
const LEVEL_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

const player = (n: number) => ({ firstName: `First${n}`, lastName: `Last${n}`, email: `player${n}@example.org`, phone: '' });
const fourPlayers = () => [1, 2, 3, 4].map(player);

const single = () => ({
  tournamentId: TOURNAMENT_ID,
  sponsorshipLevelId: LEVEL_ID,
  teamName: 'Birdie Hunters',
  company: 'Fairway Ltd',
  contactName: 'Casey Contact',
  contactPhone: '555-0199',
  contactEmail: 'casey@example.org',
  players: fourPlayers(),
  paymentOption: 'pay',
});

const multi = () => {
  const { teamName, players, ...rest } = single();
  return {
    ...rest,
    teams: [
      { teamName, players },
      { teamName: 'Eagle Eyes', players: fourPlayers() },
    ],
  };
};

const edit = () => {
  const { tournamentId: _t, sponsorshipLevelId: _l, paymentOption: _p, ...rest } = single();
  return rest;
};

/** Path (dotted) → message of every issue, as the forms show them. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

describe('single-team form (spec §5)', () => {
  it('accepts a complete form, trimming text and lower-casing e-mails', () => {
    const input = { ...single(), teamName: '  Birdie Hunters ', contactEmail: ' Casey@Example.ORG ' };
    const parsed = singleTeamSchema.parse(input);
    expect(parsed.teamName).toBe('Birdie Hunters');
    expect(parsed.contactEmail).toBe('casey@example.org');
    expect(parsed.players).toHaveLength(4);
  });

  it.each([
    ['tournamentId', '', 'Please select a tournament'],
    ['tournamentId', undefined, 'Please select a tournament'],
    ['sponsorshipLevelId', '', 'Please select a sponsorship level'],
    ['sponsorshipLevelId', undefined, 'Please select a sponsorship level'],
    ['tournamentId', 'spring-classic', 'Please select a tournament'],
    ['sponsorshipLevelId', '42', 'Please select a sponsorship level'],
    ['teamName', 'A', 'Team name is required'],
    ['teamName', '  A  ', 'Team name is required'],
    ['teamName', undefined, 'Team name is required'],
    ['contactName', '', 'Contact name is required'],
    ['contactName', '   ', 'Contact name is required'],
    ['contactPhone', '555 01', 'Invalid phone'],
    ['contactPhone', '  55501  ', 'Invalid phone'],
    ['contactEmail', 'casey@', 'Invalid email'],
    ['contactEmail', '', 'Invalid email'],
  ])('%s = %j → %s', (field, value, message) => {
    const input: Record<string, unknown> = { ...single(), [field]: value };
    if (value === undefined) delete input[field];
    expect(messages(singleTeamSchema, input)).toEqual({ [field]: message });
  });

  it('accepts a phone of exactly 7 characters and a team name of exactly 2', () => {
    expect(messages(singleTeamSchema, { ...single(), contactPhone: '555-019', teamName: 'AB' })).toEqual({});
  });

  it('reports every missing field of an empty form with its own message', () => {
    expect(messages(singleTeamSchema, {})).toEqual({
      tournamentId: 'Please select a tournament',
      sponsorshipLevelId: 'Please select a sponsorship level',
      teamName: 'Team name is required',
      contactName: 'Contact name is required',
      contactPhone: 'Invalid phone',
      contactEmail: 'Invalid email',
      players: 'Each team must have exactly 4 players',
    });
  });

  it.each([3, 5])('refuses %i players: "Each team must have exactly 4 players"', (n) => {
    const input = { ...single(), players: Array.from({ length: n }, (_, i) => player(i + 1)) };
    expect(messages(singleTeamSchema, input)).toEqual({ players: 'Each team must have exactly 4 players' });
  });

  it('words each player field: "Required" for names, "Invalid email" for the e-mail; the phone is optional', () => {
    const players = fourPlayers();
    players[0] = { ...players[0]!, firstName: ' ' };
    players[1] = { ...players[1]!, lastName: '' };
    players[2] = { ...players[2]!, email: 'not-an-email' };
    const { phone: _phone, ...noPhone } = players[3]!;
    expect(messages(singleTeamSchema, { ...single(), players: [...players.slice(0, 3), noPhone] })).toEqual({
      'players.0.firstName': 'Required',
      'players.1.lastName': 'Required',
      'players.2.email': 'Invalid email',
    });
  });

  it('accepts a form without company and a player without phone, storing them as empty text', () => {
    const { company: _company, ...input } = single();
    const { phone: _phone, ...noPhone } = player(1);
    const parsed = singleTeamSchema.parse({ ...input, players: [noPhone, player(2), player(3), player(4)] });
    expect(parsed.company).toBe('');
    expect(parsed.players[0]!.phone).toBe('');
  });

  it('defaults the payment option to hold and accepts only pay or hold', () => {
    const { paymentOption: _p, ...input } = single();
    expect(singleTeamSchema.parse(input).paymentOption).toBe('hold');
    expect(singleTeamSchema.parse({ ...input, paymentOption: 'pay' }).paymentOption).toBe('pay');
    expect(messages(singleTeamSchema, { ...input, paymentOption: 'paid' })).toHaveProperty('paymentOption');
  });

  it('becomes a one-team registration for the server', () => {
    const registration = multiTeamSchema.parse(singleToRegistration(singleTeamSchema.parse(single())));
    expect(registration.teams).toEqual([{ teamName: 'Birdie Hunters', players: fourPlayers() }]);
    expect(registration).toMatchObject({ tournamentId: TOURNAMENT_ID, sponsorshipLevelId: LEVEL_ID, paymentOption: 'pay' });
  });
});

describe('multi-team form (spec §5)', () => {
  it('accepts shared contact details and several teams of four', () => {
    const parsed = multiTeamSchema.parse(multi());
    expect(parsed.teams.map((t) => t.teamName)).toEqual(['Birdie Hunters', 'Eagle Eyes']);
  });

  it('refuses no teams: "At least 1 team is required"', () => {
    expect(messages(multiTeamSchema, { ...multi(), teams: [] })).toEqual({ teams: 'At least 1 team is required' });
  });

  it('refuses a form without a team list with the same message', () => {
    const { teams: _teams, ...input } = multi();
    expect(messages(multiTeamSchema, input)).toEqual({ teams: 'At least 1 team is required' });
  });

  it('words a bad player e-mail "Valid email required"', () => {
    const input = multi();
    input.teams[1]!.players[3] = { ...input.teams[1]!.players[3]!, email: 'nope' };
    expect(messages(multiTeamSchema, input)).toEqual({ 'teams.1.players.3.email': 'Valid email required' });
  });

  it.each([3, 5])('refuses a team of %i players', (n) => {
    const input = multi();
    input.teams[0]!.players = Array.from({ length: n }, (_, i) => player(i + 1));
    expect(messages(multiTeamSchema, input)).toEqual({ 'teams.0.players': 'Each team must have exactly 4 players' });
  });

  it('checks each team name and the shared contact', () => {
    const input = { ...multi(), contactPhone: '12345', contactEmail: 'x' };
    input.teams[1]!.teamName = 'E';
    expect(messages(multiTeamSchema, input)).toEqual({
      contactPhone: 'Invalid phone',
      contactEmail: 'Invalid email',
      'teams.1.teamName': 'Team name is required',
    });
  });

  it('takes up to 10 teams in one registration, and says so for an eleventh', () => {
    const team = multi().teams[0]!;
    expect(multiTeamSchema.parse({ ...multi(), teams: Array.from({ length: 10 }, () => team) }).teams).toHaveLength(10);
    expect(messages(multiTeamSchema, { ...multi(), teams: Array.from({ length: 11 }, () => team) })).toEqual({
      teams: 'At most 10 teams in one registration',
    });
  });

  it('defaults the payment option to hold', () => {
    const { paymentOption: _p, ...input } = multi();
    expect(multiTeamSchema.parse(input).paymentOption).toBe('hold');
  });
});

describe('what the server takes (no mass assignment)', () => {
  it('strips paymentStatus, userId, amount and other unknown keys from a registration', () => {
    const input = { ...multi(), paymentStatus: 'paid', userId: 'someone-else', amount: 0, amountCents: 0, holdUntil: null };
    input.teams[0] = { ...input.teams[0]!, paymentStatus: 'paid', userId: 'x' } as never;
    const parsed = multiTeamSchema.parse(input) as Record<string, unknown>;
    for (const key of ['paymentStatus', 'userId', 'amount', 'amountCents', 'holdUntil']) expect(parsed).not.toHaveProperty(key);
    expect(Object.keys((parsed.teams as object[])[0]!).sort()).toEqual(['players', 'teamName']);
  });

  it('strips them from an edit too', () => {
    const parsed = editTeamSchema.parse({
      ...edit(),
      paymentStatus: 'paid',
      userId: 'someone-else',
      amount: 0,
      tournamentId: TOURNAMENT_ID,
    }) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual([
      'company',
      'contactEmail',
      'contactName',
      'contactPhone',
      'players',
      'showCompanyAsSponsor',
      'teamName',
    ]);
  });
});

describe('edit-team form (spec §5)', () => {
  it('accepts a team with four players, keeping player ids', () => {
    const id = 'c56a4180-65aa-42ec-a945-5fd21dec0538';
    const players = fourPlayers();
    const parsed = editTeamSchema.parse({ ...edit(), players: [{ id, ...players[0]! }, ...players.slice(1)] });
    expect(parsed.players[0]!.id).toBe(id);
    expect(parsed.players[1]!.id).toBeUndefined();
  });

  it.each([3, 5])('refuses %i players: "Exactly 4 players required"', (n) => {
    expect(messages(editTeamSchema, { ...edit(), players: Array.from({ length: n }, (_, i) => player(i + 1)) })).toEqual({
      players: 'Exactly 4 players required',
    });
  });

  it('refuses an edit without a player list with the same message', () => {
    const { players: _players, ...input } = edit();
    expect(messages(editTeamSchema, input)).toEqual({ players: 'Exactly 4 players required' });
  });

  it('uses the team form messages for the other fields', () => {
    const players = fourPlayers();
    players[0]!.firstName = '';
    expect(messages(editTeamSchema, { ...edit(), teamName: 'X', contactName: '', contactPhone: '1', contactEmail: 'a@', players })).toEqual(
      {
        teamName: 'Team name is required',
        contactName: 'Contact name is required',
        contactPhone: 'Invalid phone',
        contactEmail: 'Invalid email',
        'players.0.firstName': 'Required',
      },
    );
  });

  it('refuses a player id that is not a uuid', () => {
    const players = fourPlayers();
    expect(
      messages(editTeamSchema, { ...edit(), players: [{ id: '1; drop table players', ...players[0]! }, ...players.slice(1)] }),
    ).toHaveProperty('players.0.id');
  });
});
