// @vitest-environment happy-dom
// The registration forms' behaviour in a DOM (happy-dom), faster than the browser journey (e2e/registration.test.ts) and
// each rule on its own: the messages of spec §5, the level choice, adding and removing teams, the payment option, what
// is sent and what the leader is told. The network is the only thing stubbed: `fetch` answers as the API would.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../layout/toaster';
import { createReads, ReadsProvider } from '../lib/first-load-reads';
import { EditTeam } from '../teams/edit-team-form';
import type { ActiveTournament, OfferedLevel, TeamDetail } from './queries';
import { RegistrationFlow } from './registration-flow';
import { TeamDashboard } from '../teams/team-dashboard';
import type { Me } from '../auth/session';
import { NO_LINKS_MESSAGE } from '../../shared/link-text';

const TOURNAMENT: ActiveTournament = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Spring Charity Classic',
  startDate: '2027-05-01',
  endDate: null,
  maxTeams: 40,
  registrationOpen: true,
};
const SUMMER: ActiveTournament = { ...TOURNAMENT, id: '22222222-2222-4222-8222-222222222221', name: 'Summer Scramble' };
const CLOSED: ActiveTournament = {
  ...TOURNAMENT,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Autumn Open',
  registrationOpen: false,
};
const level = (id: string, name: string, maxTeams: number, placesLeft: number, priceCents = 50_000): OfferedLevel => ({
  id,
  sponsorshipLevelId: id,
  name,
  description: '',
  priceCents,
  maxTeams,
  placesLeft,
  singlePriceCents: null,
  singlePlacesLeft: 0,
  earlyPriceCents: null,
  earlyUntil: null,
});
const EAGLE = level('33333333-3333-4333-8333-333333333331', 'Eagle', 1, 1, 120_000);
const BIRDIE = level('33333333-3333-4333-8333-333333333332', 'Birdie', 5, 3);
const PAR = level('33333333-3333-4333-8333-333333333333', 'Par', 2, 0);

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}
type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

let leader = 0;

const QUOTE = '/api/pricing/quote';

/** Stubs `fetch` with the API's answers; `routes` adds or replaces answers by 'METHOD /path'. Returns the calls made. */
function stubApi(routes: Record<string, (call: Call) => Answer> = {}, options: { cardPayments?: boolean; holdHours?: number } = {}) {
  // A leader of their own per test: the forms keep drafts per leader and level in memory (drafts.ts).
  leader += 1;
  const me = {
    user: { id: `leader-${leader}`, email: 'lead@example.com', role: 'team_leader', emailVerified: true },
    profile: { firstName: 'Lee', lastName: 'Lead', company: 'Fairway Supply' },
  };
  const answers: Record<string, (call: Call) => Answer> = {
    'GET /api/account/me': () => ({ body: { me } }),
    'GET /api/tournaments/active': () => ({
      body: {
        tournaments: [TOURNAMENT, SUMMER, CLOSED],
        currency: 'USD',
        cardPayments: options.cardPayments ?? false,
        holdHours: options.holdHours ?? 48,
      },
    }),
    [`GET /api/tournaments/${TOURNAMENT.id}/levels`]: () => ({ body: { levels: [EAGLE, BIRDIE, PAR] } }),
    'GET /api/teams/mine': () => ({ body: { teams: [] } }),
    'GET /api/waitlist/mine': () => ({ body: { entries: [] } }),
    // 'Apply' and the total (R57, R58): the level's price, no code, no fee.
    [`POST ${QUOTE}`]: (call) => {
      const ask = call.body as { levelId: string; quantity: number };
      const unit = [EAGLE, BIRDIE, PAR].find((l) => l.id === ask.levelId)!.priceCents;
      const total = unit * ask.quantity;
      return {
        body: {
          listCents: unit,
          baseCents: unit,
          early: false,
          earlyUntil: null,
          discountCents: 0,
          unitCents: unit,
          quantity: ask.quantity,
          subtotalCents: total,
          feeCents: 0,
          coverableFeeCents: 0,
          totalCents: total,
          code: null,
          codeMessage: null,
        },
      };
    },
    ...routes,
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      const call = { method, path, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers) };
      calls.push(call);
      const answer = answers[`${method} ${path.split('?')[0]}`];
      const { status = 200, body = null } = answer
        ? await answer(call)
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
      return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ReadsProvider reads={createReads()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          {ui}
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </ReadsProvider>,
  );
}

function renderFlow(props: { tournaments?: ActiveTournament[] } = {}) {
  const onClose = vi.fn();
  renderWithApp(<RegistrationFlow tournaments={props.tournaments ?? [TOURNAMENT, SUMMER, CLOSED]} currency="USD" onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

/** Step 1 done: the tournament and `choice` chosen, Continue pressed; waits for the team form. */
async function chooseLevel(user: ReturnType<typeof userEvent.setup>, choice: OfferedLevel) {
  await user.selectOptions(screen.getByLabelText('Tournament'), TOURNAMENT.id);
  await user.click(await screen.findByRole('radio', { name: new RegExp(`^${choice.name}`) }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('Step 2 of 2: your teams and players');
}

/** The field labelled `label` inside the fieldset (a player, a team) named `group`. */
const inGroup = (group: string, label: string) => within(screen.getByRole('group', { name: group })).getByLabelText(label);

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.clear(screen.getByLabelText('Contact name'));
  await user.type(screen.getByLabelText('Contact name'), 'Lee Lead');
  await user.clear(screen.getByLabelText('Contact email'));
  await user.type(screen.getByLabelText('Contact phone'), '555 0100 200');
  await user.type(screen.getByLabelText('Contact email'), 'lead@example.com');
}

async function fillPlayers(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement = document.body) {
  const groups = within(scope).getAllByRole('group', { name: /^Player \d$/ });
  for (const [i, group] of groups.entries()) {
    await user.type(within(group).getByLabelText('First name'), `First${i}`);
    await user.type(within(group).getByLabelText('Last name'), `Last${i}`);
    await user.type(within(group).getByLabelText('Email'), `p${i}@example.com`);
  }
}

/** Chooses the Eagle level and fills its one team completely ('Fore Play'), ready to send. */
async function fillEagleTeam(user: ReturnType<typeof userEvent.setup>) {
  await chooseLevel(user, EAGLE);
  await user.type(screen.getByLabelText('Team name'), 'Fore Play');
  await fillContact(user);
  await fillPlayers(user);
}

afterEach(cleanup);

describe('Step 1: tournament and sponsorship level', () => {
  it('asks for a tournament, then for a level, when Continue is pressed without them', async () => {
    stubApi();
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a tournament')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Tournament'), TOURNAMENT.id);
    await screen.findByRole('radio', { name: /^Birdie/ });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a sponsorship level')).toBeTruthy();
    expect(screen.queryByText('Please select a tournament')).toBeNull();
  });

  it('chooses the only open tournament itself, and offers a closed one only as a disabled choice', async () => {
    stubApi();
    renderFlow({ tournaments: [TOURNAMENT, CLOSED] });
    expect((screen.getByLabelText('Tournament') as HTMLSelectElement).value).toBe(TOURNAMENT.id);
    expect(await screen.findByRole('radio', { name: /^Birdie/ })).toBeTruthy();
    const closed = screen.getByRole('option', { name: /Autumn Open/ }) as HTMLOptionElement;
    expect(closed.disabled).toBe(true);
    expect(closed.textContent).toContain('registration closed');
  });

  it('shows each level with its price and places left; a sold-out level cannot be chosen and offers its waitlist', async () => {
    stubApi();
    const { user } = renderFlow();
    await user.selectOptions(screen.getByLabelText('Tournament'), TOURNAMENT.id);
    const birdie = (await screen.findByRole('radio', { name: /^Birdie/ })) as HTMLInputElement;
    expect(birdie.closest('label')!.textContent).toContain('$500.00 per team');
    expect(birdie.closest('label')!.textContent).toContain('3 of 5 places left');
    expect(screen.getByRole('radio', { name: /^Eagle/ }).closest('label')!.textContent).toContain('1 of 1 place left');

    const par = screen.getByRole('radio', { name: /^Par/ }) as HTMLInputElement;
    expect(par.disabled).toBe(true);
    expect(par.closest('label')!.textContent).toContain('Sold out');
    expect(screen.getByRole('button', { name: 'Join the waitlist for Par' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the waitlist for Birdie' })).toBeNull();
  });

  it('opens the waitlist form with the cursor in it, and refuses more teams than the level holds without sending', async () => {
    const calls = stubApi();
    const { user } = renderFlow();
    await user.selectOptions(screen.getByLabelText('Tournament'), TOURNAMENT.id);
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist for Par' }));
    const form = screen.getByRole('form', { name: 'Join the waitlist: Par' });
    const teams = within(form).getByLabelText('Teams') as HTMLInputElement;
    expect(document.activeElement).toBe(teams);
    await user.clear(teams);
    await user.type(teams, '3'); // Par holds 2 teams at all
    await user.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(form).findByText('At most 2 teams at this level')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path !== QUOTE)).toHaveLength(0);
  });

  it('says so when the levels cannot be loaded', async () => {
    stubApi({
      [`GET /api/tournaments/${TOURNAMENT.id}/levels`]: () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }),
    });
    const { user } = renderFlow();
    await user.selectOptions(screen.getByLabelText('Tournament'), TOURNAMENT.id);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch sponsorship levels');
  });
});

describe('Step 2: the single-team form (a level with one place)', () => {
  it('shows every required-field message of spec §5 on submit, beside its field', async () => {
    const calls = stubApi();
    const { user } = renderFlow();
    await chooseLevel(user, EAGLE);
    // The contact starts as the leader (decision 145): emptied, it is asked for.
    await user.clear(screen.getByLabelText('Contact name'));
    await user.clear(screen.getByLabelText('Contact email'));
    await user.click(screen.getByRole('button', { name: 'Register Team' }));

    const messageOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent;
    await waitFor(() => expect(messageOf(screen.getByLabelText('Team name'))).toBe('Team name is required'));
    expect(messageOf(screen.getByLabelText('Contact name'))).toBe('Contact name is required');
    expect(messageOf(screen.getByLabelText('Contact phone'))).toBe('Invalid phone');
    expect(messageOf(screen.getByLabelText('Contact email'))).toBe('Invalid email');
    expect(messageOf(inGroup('Player 1', 'First name'))).toBe('Required');
    expect(messageOf(inGroup('Player 4', 'Last name'))).toBe('Required');
    expect(messageOf(inGroup('Player 2', 'Email'))).toBe('Invalid email');
    expect(screen.getByLabelText('Team name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST' && c.path !== QUOTE)).toBe(false);
  });

  it("refuses a link in a name beside its field, in the server's own words, and sends nothing (issue 31)", async () => {
    const calls = stubApi();
    const { user } = renderFlow();
    await chooseLevel(user, EAGLE);
    await user.type(screen.getByLabelText('Team name'), 'URGENT: claim your prize at http://evil.example/claim');
    await user.type(inGroup('Player 1', 'First name'), 'www.evil.example');
    await user.click(screen.getByRole('button', { name: 'Register Team' }));
    const messageOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent;
    await waitFor(() => expect(messageOf(screen.getByLabelText('Team name'))).toBe(NO_LINKS_MESSAGE));
    expect(messageOf(inGroup('Player 1', 'First name'))).toBe(NO_LINKS_MESSAGE);
    expect(calls.some((c) => c.method === 'POST' && c.path !== QUOTE)).toBe(false);
  });

  it('words a Handicap Index out of range with the rule (R29)', async () => {
    stubApi();
    const { user } = renderFlow();
    await chooseLevel(user, EAGLE);
    await user.type(inGroup('Player 1', 'Handicap Index (optional)'), '60');
    await user.click(screen.getByRole('button', { name: 'Register Team' }));
    expect(await screen.findByText('Handicap Index must be from -10.0 to 54.0, with at most one decimal')).toBeTruthy();
  });

  it('holds by default for the server\'s hold length; "Pay now" says whether card payments are on', async () => {
    stubApi({}, { holdHours: 24, cardPayments: false });
    const { user } = renderFlow();
    await chooseLevel(user, EAGLE);
    const hold = (await screen.findByRole('radio', { name: /^Hold for 24 hours/ })) as HTMLInputElement;
    expect(hold.checked).toBe(true);
    const pay = screen.getByRole('radio', { name: /^Pay now/ }) as HTMLInputElement;
    expect(pay.checked).toBe(false);
    expect(pay.closest('label')!.textContent).toContain('coming once card payments are connected');
  });

  it('sends one team with its players, the payment option and an Idempotency-Key, then says it is registered', async () => {
    const calls = stubApi({
      'POST /api/registrations': () => ({
        status: 201,
        body: { teams: [{ id: 't1', name: 'Fore Play' }], totalCents: 120_000, holdUntil: null },
      }),
    });
    const { user, onClose } = renderFlow();
    await fillEagleTeam(user);
    await user.click(screen.getByRole('radio', { name: /^Pay now/ }));
    await user.click(screen.getByRole('button', { name: 'Register Team' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.filter((c) => c.method === 'POST' && c.path !== QUOTE);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/registrations');
    expect(sent[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({
      tournamentId: TOURNAMENT.id,
      sponsorshipLevelId: EAGLE.id,
      paymentOption: 'pay',
      contactName: 'Lee Lead',
      contactEmail: 'lead@example.com',
      teams: [{ teamName: 'Fore Play', players: [{ firstName: 'First0', email: 'p0@example.com' }, {}, {}, { lastName: 'Last3' }] }],
    });
    expect(await screen.findByText('Team registered')).toBeTruthy();
  });

  it("shows the server's refusal of 'Pay now' without card payments and keeps the form open (issue 31)", async () => {
    const message = 'Payment processing will be available once Stripe is connected';
    stubApi({ 'POST /api/registrations': () => ({ status: 409, body: { error: { code: 'CONFLICT', message } } }) });
    const { user, onClose } = renderFlow();
    await fillEagleTeam(user);
    await user.click(screen.getByRole('radio', { name: /^Pay now/ }));
    await user.click(screen.getByRole('button', { name: 'Register Team' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Register Team' })).toBeTruthy();
  });

  it("sends 'Ask the golfer' for a player, whose Handicap Index field goes (the golfer answers it, R42)", async () => {
    const calls = stubApi({
      'POST /api/registrations': () => ({
        status: 201,
        body: { teams: [{ id: 't1', name: 'Fore Play' }], totalCents: 120_000, holdUntil: null },
      }),
    });
    const { user, onClose } = renderFlow();
    await fillEagleTeam(user);
    const player3 = within(screen.getByRole('group', { name: 'Player 3' }));
    expect((player3.getByRole('radio', { name: 'I will fill it in' }) as HTMLInputElement).checked).toBe(true);
    await user.click(player3.getByRole('radio', { name: 'Ask the golfer' }));
    expect(player3.queryByLabelText('Handicap Index (optional)')).toBeNull();
    expect(player3.getByText('The golfer gets a personal link here to fill in their details')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register Team' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST' && c.path !== QUOTE)!.body as { teams: { players: { answeredBy: string }[] }[] };
    expect(sent.teams[0]!.players.map((p) => p.answeredBy)).toEqual(['leader', 'leader', 'golfer', 'leader']);
  });

  it('disables the submit button while sending, and a second click sends nothing more', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const calls = stubApi({ 'POST /api/registrations': () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderFlow();
    await fillEagleTeam(user);
    await user.click(screen.getByRole('button', { name: 'Register Team' }));

    const sending = (await screen.findByRole('button', { name: 'Registering…' })) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    await user.click(sending);
    expect(calls.filter((c) => c.method === 'POST' && c.path !== QUOTE)).toHaveLength(1);
    answer({ status: 201, body: { teams: [{ id: 't1', name: 'Fore Play' }], totalCents: 120_000, holdUntil: null } });
    expect(await screen.findByText('Team registered')).toBeTruthy();
  });

  it("shows the server's refusal in its own words and keeps the form", async () => {
    stubApi({
      'POST /api/registrations': () => ({
        status: 409,
        body: { error: { code: 'SOLD_OUT', message: 'Only 0 places left at this level' } },
      }),
    });
    const { user, onClose } = renderFlow();
    await fillEagleTeam(user);
    await user.click(screen.getByRole('button', { name: 'Register Team' }));
    expect(await screen.findByText('Only 0 places left at this level')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Team name') as HTMLInputElement).value).toBe('Fore Play');
  });

  it('tells a leader whose session ended to log in', async () => {
    stubApi({ 'POST /api/registrations': () => ({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } }) });
    const { user } = renderFlow();
    await fillEagleTeam(user);
    await user.click(screen.getByRole('button', { name: 'Register Team' }));
    expect(await screen.findByText('You must be logged in to register teams')).toBeTruthy();
  });

  it("starts the contact as the leader's own (decision 145), and a draft wins over it", async () => {
    stubApi();
    const { user } = renderFlow();
    await chooseLevel(user, EAGLE);
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect([value('Company'), value('Contact name'), value('Contact email'), value('Contact phone')]).toEqual([
      'Fairway Supply',
      'Lee Lead',
      'lead@example.com',
      '',
    ]);
    await user.clear(screen.getByLabelText('Contact name'));
    await user.type(screen.getByLabelText('Contact name'), 'Office Manager');
    await user.click(screen.getByRole('button', { name: /Back to Selection/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(((await screen.findByLabelText('Contact name')) as HTMLInputElement).value).toBe('Office Manager');
  });

  it('keeps what was typed when the leader goes back to the selection and returns', async () => {
    stubApi();
    const { user } = renderFlow();
    await chooseLevel(user, EAGLE);
    await user.type(screen.getByLabelText('Team name'), 'Fore Play');
    await user.click(screen.getByRole('button', { name: /Back to Selection/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(((await screen.findByLabelText('Team name')) as HTMLInputElement).value).toBe('Fore Play');
  });
});

describe('Step 2: the multi-team form (a level with several places)', () => {
  it('adds teams up to the places left, with the total and the button counting them, and removes them again', async () => {
    stubApi();
    const { user } = renderFlow();
    await chooseLevel(user, BIRDIE);
    expect(screen.getByRole('heading', { name: 'Teams (1/3)' })).toBeTruthy();
    expect(screen.getByText('$500.00', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove team/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Add Team/ }));
    await user.click(screen.getByRole('button', { name: /Add Team/ }));
    expect(screen.getByRole('heading', { name: 'Teams (3/3)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Team/ })).toBeNull();
    expect(screen.getByText('$1,500.00', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register 3 Teams' })).toBeTruthy();

    await user.type(screen.getByLabelText('Team name', { selector: '#team1-name' }), 'Second');
    await user.click(screen.getByRole('button', { name: 'Remove team 1' }));
    expect(screen.getByRole('heading', { name: 'Teams (2/3)' })).toBeTruthy();
    expect((screen.getByLabelText('Team name', { selector: '#team0-name' }) as HTMLInputElement).value).toBe('Second');
    expect(screen.getByRole('button', { name: 'Register 2 Teams' })).toBeTruthy();
  });

  it('words a player e-mail as the multi-team form does (spec §5), on the team it belongs to', async () => {
    stubApi();
    const { user } = renderFlow();
    await chooseLevel(user, BIRDIE);
    await user.click(screen.getByRole('button', { name: /Add Team/ }));
    await user.click(screen.getByRole('button', { name: 'Register 2 Teams' }));
    const team2 = screen.getByRole('group', { name: 'Team 2' });
    await waitFor(() => expect(within(team2).getAllByText('Valid email required')).toHaveLength(4));
    expect(within(team2).getByText('Team name is required')).toBeTruthy();
  });

  it('sends every team in one registration and says how many were registered', async () => {
    const calls = stubApi({
      'POST /api/registrations': ({ body }) => ({
        status: 201,
        body: {
          teams: (body as { teams: { teamName: string }[] }).teams.map((t, i) => ({ id: `t${i}`, name: t.teamName })),
          totalCents: 100_000,
          holdUntil: null,
        },
      }),
    });
    const { user } = renderFlow();
    await chooseLevel(user, BIRDIE);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: /Add Team/ }));
    for (const index of [0, 1]) {
      const team = screen.getByRole('group', { name: `Team ${index + 1}` });
      await user.type(within(team).getByLabelText('Team name'), `Team ${index + 1}`);
      await fillPlayers(user, team);
    }
    await user.click(screen.getByRole('button', { name: 'Register 2 Teams' }));
    expect(await screen.findByText('2 teams registered')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path !== QUOTE)!;
    expect((sent.body as { teams: { teamName: string }[] }).teams.map((t) => t.teamName)).toEqual(['Team 1', 'Team 2']);
  });
});

describe('Registering through a waitlist offer (R25)', () => {
  it('opens the form for the offered level at once, counting the kept places, and sends the offer with the registration', async () => {
    const calls = stubApi({
      'POST /api/registrations': () => ({
        status: 201,
        body: { teams: [{ id: 't1', name: 'Waited' }], totalCents: 50_000, holdUntil: null },
      }),
    });
    const onClose = vi.fn();
    renderWithApp(
      <RegistrationFlow
        tournaments={[TOURNAMENT, SUMMER]}
        currency="USD"
        offer={{ token: 'offer-token', tournamentId: TOURNAMENT.id, levelId: PAR.id, teamsWanted: 1 }}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    // Par is sold out to everyone else; its one kept place is this leader's.
    expect(await screen.findByRole('heading', { name: 'Teams (1/1)' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 2: your teams and players')).toBeTruthy();
    await fillContact(user);
    await user.type(screen.getByLabelText('Team name'), 'Waited');
    await fillPlayers(user);
    await user.click(screen.getByRole('button', { name: 'Register 1 Team' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path !== QUOTE)!.path).toBe('/api/registrations?offer=offer-token');
  });
});

const TEAM: TeamDetail = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Fore Play',
  company: 'Acme',
  contactName: 'Lee Lead',
  contactPhone: '555 0100 200',
  contactEmail: 'lead@example.com',
  showCompanyAsSponsor: false,
  paymentStatus: 'pending',
  holdUntil: null,
  createdAt: '2027-04-01T10:00:00Z',
  startingHole: null,
  startGroup: null,
  playerCount: 4,
  golfersAsked: [],
  editable: true,
  tournament: { id: TOURNAMENT.id, name: TOURNAMENT.name, startDate: TOURNAMENT.startDate, endDate: null, hasCourse: false },
  level: { name: 'Eagle', priceCents: 120_000 },
  players: [0, 1, 2, 3].map((i) => ({
    id: `55555555-5555-4555-8555-55555555555${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: `p${i}@example.com`,
    phone: '',
    handicapIndex: i === 0 ? 12.4 : null,
    answeredBy: 'leader' as const,
    answeredAt: null,
    shirtSize: '',
    dietaryNeeds: '',
  })),
};

describe('Editing a team', () => {
  it('shows the team as saved, checks it like registration, and saves it with the players kept', async () => {
    const calls = stubApi({
      [`GET /api/teams/${TEAM.id}`]: () => ({ body: { team: TEAM } }),
      [`PUT /api/teams/${TEAM.id}`]: ({ body }) => ({ body: { team: { ...TEAM, name: (body as { teamName: string }).teamName } } }),
    });
    const onClose = vi.fn();
    renderWithApp(<EditTeam teamId={TEAM.id} onClose={onClose} />);
    const user = userEvent.setup();
    const name = (await screen.findByLabelText('Team name')) as HTMLInputElement;
    expect(name.value).toBe('Fore Play');
    expect((inGroup('Player 1', 'Handicap Index (optional)') as HTMLInputElement).value).toBe('12.4');

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Team name is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(name, 'Hole in Fun');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'PUT')!.body as { teamName: string; players: { id: string }[] };
    expect(sent.teamName).toBe('Hole in Fun');
    expect(sent.players.map((p) => p.id)).toEqual(TEAM.players.map((p) => p.id));
    expect(await screen.findByText('Team updated successfully')).toBeTruthy();
  });

  it('says so when the team cannot be loaded', async () => {
    stubApi({ [`GET /api/teams/${TEAM.id}`]: () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }) });
    renderWithApp(<EditTeam teamId={TEAM.id} onClose={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load players');
  });
});

describe("the leader's dashboard", () => {
  /** The dashboard of a leader whose other reads answer empty; `routes` answers the rest. */
  function showDashboard(routes: Record<string, (call: Call) => Answer>) {
    stubApi({
      'GET /api/items/purchases/mine': () => ({ body: { purchases: [] } }),
      'GET /api/volunteer/grants': () => ({ body: { grants: [] } }),
      'GET /api/items': () => ({ body: { items: [] } }),
      ...routes,
    });
    const me = {
      user: { id: `leader-dashboard-${leader}`, email: 'lead@example.com', role: 'team_leader', emailVerified: true },
      profile: { firstName: 'Lee', lastName: 'Lead', company: '' },
    } as unknown as Me;
    renderWithApp(<TeamDashboard me={me} />);
  }

  it('says when the active tournaments cannot be loaded, and loads them on Try again', async () => {
    let asked = 0;
    const active = { tournaments: [TOURNAMENT], currency: 'USD', cardPayments: false, holdHours: 48 };
    showDashboard({
      'GET /api/tournaments/active': () => {
        asked += 1;
        return asked === 1 ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } : { body: active };
      },
    });
    const user = userEvent.setup();
    const card = (await screen.findByText('Active Tournaments')).closest('section')!;
    expect(within(card).getByRole('alert').textContent).toBe('Failed to load tournaments. Try again');
    expect(within(card).queryByText('No tournaments are open for registration right now.')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText(TOURNAMENT.name)).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(asked).toBe(2);
  });

  it('links a paid team’s receipt from its card', async () => {
    const { players: _players, ...summary } = TEAM;
    const paid = {
      ...summary,
      paymentStatus: 'paid',
      dueCents: 0,
      coverableFeeCents: 0,
      receiptIds: ['55555555-5555-4555-8555-555555555555'],
    };
    showDashboard({ 'GET /api/teams/mine': () => ({ body: { teams: [paid] } }) });
    const link = await screen.findByRole('link', { name: 'Printable receipt for Fore Play' });
    expect(link.getAttribute('href')).toBe('/receipts/55555555-5555-4555-8555-555555555555');
  });
});
