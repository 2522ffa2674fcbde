// What counts as a link in a name (issue 31), the same in the browser and on the server, and how typed text is made
// inert in an e-mail.
import { describe, expect, it } from 'vitest';
import { inertLinks, looksLikeLink, NO_LINKS_MESSAGE } from './link-text';
import { teamName } from './field-schemas';
import { editTeamSchema } from './team-schemas';
import { giftSchema } from './fundraising-schemas';
import { signUpSchema } from './account-schemas';

const LINKS = [
  'URGENT: claim your prize at http://evil.example/claim',
  'https://evil.example',
  'HTTP://EVIL.EXAMPLE',
  'ftp://files.evil.example',
  'www.evil.example',
  'WWW.evil.com',
  'evil.example/claim',
  'evil.example:8080',
  'Claim at evil.com now',
  'prize.xyz',
  'evil.co',
  'go to sub.domain.example',
  'winner@evil.example',
  'mailto:winner',
  'javascript:alert(1)',
  'evil\u3002example/claim',
];
const NAMES = [
  'Fairway Friends',
  'J.R. Smith',
  'St. Andrews Links',
  "O'Brien & Sons",
  'Dr. Ana María Núñez-García',
  'Acme Co.',
  'Team 4.5 Handicap',
  'In honour of Grandpa Joe',
  '李小龍',
  'Smith, Jones and Partners Ltd.',
  'Mr.Smith',
];

describe('looksLikeLink', () => {
  it.each(LINKS)('finds a link in %j', (text) => expect(looksLikeLink(text)).toBe(true));
  it.each(NAMES)('lets the name %j through', (text) => expect(looksLikeLink(text)).toBe(false));
});

describe('the name fields refuse links with one message, the same in the browser and on the server', () => {
  it('team name, player names, company, contact, gift name and dedication, sign-up names', () => {
    expect(teamName.safeParse('evil.example/claim').error?.issues[0]?.message).toBe(NO_LINKS_MESSAGE);
    const player = { firstName: 'Pat', lastName: 'Putter', email: 'pat@example.org', phone: '' };
    const team = {
      teamName: 'Fairway Friends',
      company: 'www.evil.example',
      contactName: 'Casey http://evil.example',
      contactPhone: '555-0100',
      contactEmail: 'casey@example.org',
      players: [{ ...player, firstName: 'evil.com' }, player, player, player],
    };
    const issues = editTeamSchema.safeParse(team).error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['company', NO_LINKS_MESSAGE],
      ['contactName', NO_LINKS_MESSAGE],
      ['players.0.firstName', NO_LINKS_MESSAGE],
    ]);
    const gift = giftSchema.safeParse({
      tournamentId: '6f1c0e0a-3b7e-4a8e-9d55-0c6f7a0f1a11',
      amount: '50',
      name: 'Dana',
      email: 'dana@example.org',
      dedication: 'In honour of evil.example/claim',
    });
    expect(gift.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dedication', NO_LINKS_MESSAGE]]);
    const signUp = signUpSchema.safeParse({
      firstName: 'www.evil.example',
      lastName: 'X',
      email: 'x@example.org',
      password: 'long enough pass',
    });
    expect(signUp.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['firstName', NO_LINKS_MESSAGE]]);
  });
});

describe('inertLinks', () => {
  it('breaks every link the way addresses are shared safely; a name without one is left as it is', () => {
    expect(inertLinks('URGENT: claim your prize at http://evil.example/claim')).toBe(
      'URGENT: claim your prize at hxxp[:]//evil[.]example/claim',
    );
    expect(inertLinks('www.evil.com')).toBe('www[.]evil[.]com');
    expect(inertLinks('winner@evil.example')).toBe('winner[at]evil[.]example');
    expect(inertLinks('J.R. Smith')).toBe('J.R. Smith');
    for (const link of LINKS) expect(looksLikeLink(inertLinks(link))).toBe(false);
  });
});

describe('a request body full of one pattern', () => {
  // Every field is checked for links even past its length limit, so a 100 KB body reaches the pattern whole. Unbounded,
  // the pattern tried the rest of the text from every position: 100 KB of one letter took 25 s, of "a.b-" over a minute
  // (past this test's time-out). Bounded, each is a few hundred milliseconds at most on this machine.
  it.each(['x', 'a.', '1.', 'a.b-', 'a@', 'http', 'www'])(
    'finds no link in 100 KB of %j, and leaves it as it is',
    (unit) => {
      const text = unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);
      expect(looksLikeLink(text)).toBe(false);
      expect(inertLinks(text)).toBe(text);
    },
    10_000,
  );
});
