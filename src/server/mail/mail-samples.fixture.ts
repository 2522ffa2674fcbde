// One filled-in input for every e-mail kind (and a second where the kind says something else with it), with what strangers
// and staff type (markup, ampersands, quotes, a replacement pattern): the samples render.test.ts checks every kind with, and
// that other mail tests start from.
import type * as accountTemplates from './templates';
import type * as golferTemplates from './golfer-templates';
import type * as messageTemplates from './message-templates';
import type * as moneyTemplates from './money-templates';
import type * as nextYearTemplates from './next-year-templates';
import type { RenderedMail } from './render';

type Templates = typeof accountTemplates &
  typeof golferTemplates &
  typeof messageTemplates &
  typeof moneyTemplates &
  typeof nextYearTemplates;
type Kind = { [K in keyof Templates]: K extends `${string}Message` ? K : never }[keyof Templates];
type Input<K extends Kind> = Templates[K] extends (input: infer I) => RenderedMail ? I : never;

// Typed by strangers, and by staff: markup, ampersands, quotes, a replacement pattern, a line break.
export const TEAM = 'Birdies <script>alert(1)</script> & "Co" $&';
const NAME = "Ann O'Hara <b>";
export const ORG = 'Smith & Sons <Golf> $& Co';
export const URL = 'https://golf.example.org/register?offer=a1&kind=team';

export const samples: { [K in Kind]: Input<K>[] } = {
  confirmEmailMessage: [
    { firstName: NAME, url: URL },
    { firstName: '', url: URL },
  ],
  resetPasswordMessage: [{ firstName: NAME, url: URL }],
  accountExistsMessage: [{ firstName: NAME, resetUrl: URL, signInUrl: 'https://golf.example.org/login' }],
  registrationMessage: [
    {
      contactName: NAME,
      tournament: { name: 'Spring & Summer Classic', startDate: '2027-04-16' },
      levelName: 'Eagle <Gold>',
      teams: [
        { name: TEAM, players: [{ firstName: NAME, lastName: 'Smith' }] },
        { name: 'Second', players: [] },
      ],
      amount: '$1,200.00',
      total: '$2,400.00',
      paymentOption: 'hold',
      holdUntil: 'Thursday, March 4, 2027 at 12:00 PM',
      dashboardUrl: 'https://golf.example.org/register',
    },
    {
      contactName: NAME,
      tournament: { name: 'Spring Classic', startDate: '2027-04-16' },
      levelName: 'Eagle',
      teams: [{ name: TEAM, players: [{ firstName: 'A', lastName: 'B' }] }],
      amount: '$300.00',
      total: '$300.00',
      paymentOption: 'pay',
      holdUntil: 'Friday',
      dashboardUrl: 'https://golf.example.org/register',
      giveUrl: 'https://golf.example.org/give?t=3',
      // R61: each golfer's check-in QR (a typed name with markup in the caption).
      checkInCodes: [{ name: NAME, teamName: TEAM, code: '0123456789abcdef0123456789abcdef' }],
    },
  ],
  testMailMessage: [
    { org: ORG, adminName: NAME },
    { org: ORG, adminName: '' },
  ],
  golferAnswerRequestMessage: [true, false].map((reminder) => ({
    firstName: NAME,
    teamName: TEAM,
    tournamentName: 'Spring Classic',
    lastDay: 'Wednesday, April 14',
    url: URL,
    reminder,
  })),
  pairedMessage: [
    { firstName: NAME, teamName: TEAM, teammates: [NAME, 'Ben Bravo'], tournamentName: 'Spring Classic', url: URL },
    { firstName: NAME, teamName: TEAM, teammates: [], tournamentName: 'Spring Classic', url: URL },
  ],
  fieldMessage: [
    {
      subject: 'Tee times & <carts>',
      body: 'We start at 9.\nCarts at 8:15.\n\n\nBring your receipt: $75.00 & a smile.',
      senderName: 'Morgan Organiser',
      tournamentName: 'Spring Classic',
      org: ORG,
      recipientName: NAME,
      reason: `your team ${TEAM} plays`,
    },
  ],
  holdReminderMessage: [
    { contactName: NAME, teamName: TEAM, tournamentName: 'Spring Classic', deadline: 'Friday at 5:00 PM', dashboardUrl: URL },
  ],
  holdExpiredMessage: [{ contactName: '', teamName: TEAM, tournamentName: 'Spring Classic', dashboardUrl: URL }],
  receiptMessage: [
    {
      payerName: NAME,
      forWhat: TEAM,
      tournamentName: 'Spring Classic',
      amount: '$1,250.50',
      date: 'April 1, 2027',
      reference: 'pi_test_first',
      org: ORG,
      legalName: 'Smith & Sons Foundation Inc.',
      taxId: '12-3456789',
      received: 'Golf for four & dinner',
      fmv: '$400.00',
      deductible: '$850.50',
      disclosure: 'The amount over $400.00 may be deductible; the value of what you received is not.',
      receiptUrl: 'https://golf.example.org/receipts/1?key=k&x=1',
      statementUrl: 'https://golf.example.org/statement?key=k',
    },
    {
      payerName: '',
      forWhat: 'Gift',
      tournamentName: 'Spring Classic',
      amount: '$5.00',
      date: 'April 1, 2027',
      reference: 'Payment 1',
      org: 'Lakeside Rotary',
      legalName: 'Lakeside Rotary',
      taxId: '',
      received: 'Nothing: a gift',
      fmv: '$0.00',
      deductible: '$5.00',
      disclosure: '',
      receiptUrl: 'https://golf.example.org/receipts/2?key=k',
      statementUrl: 'https://golf.example.org/statement?key=k',
    },
  ],
  waitlistOfferMessage: [1, 2].map((teamsWanted) => ({
    contactName: NAME,
    teamsWanted,
    levelName: 'Eagle',
    tournamentName: 'Spring Classic',
    expiresAt: 'Friday at 5:00 PM',
    url: URL,
  })),
  purchaseReminderMessage: [{ buyerName: NAME, label: TEAM, tournamentName: 'Spring Classic', deadline: 'Friday', url: URL }],
  volunteerInvitationMessage: [
    { tournamentName: 'Spring & <Summer> Classic', roleLabel: 'Check-in', lastDay: 'Friday, April 16, 2027', invitedBy: NAME, url: URL },
    { tournamentName: 'Spring Classic', roleLabel: 'Scorer', lastDay: 'Friday, April 16, 2027', invitedBy: NAME, url: URL },
  ],
  lotReminderMessage: [{ buyerName: NAME, label: 'Signed golf bag', tournamentName: 'Spring Classic', deadline: 'Friday', url: URL }],
  purchaseExpiredMessage: [{ buyerName: NAME, label: TEAM, tournamentName: 'Spring Classic', url: URL }],
  thankYouMessage: [
    {
      recipientName: NAME,
      reason: `you played in the team ${TEAM}`,
      org: ORG,
      tournamentName: 'Spring & Summer Classic',
      topPlaces: [
        { place: '1', team: TEAM, score: '-4 (68)' },
        { place: 'T2', team: 'Eagles', score: '-2 (70)' },
        { place: 'T2', team: 'Pars', score: '-2 (70)' },
      ],
      sideGames: ["Closest to the pin, hole 7: Ann O'Hara (Eagles), 4 ft 2 in", 'Skins: Eagles, 2 skins (holes 3, 9)'],
      raised: '$48,250.00',
      goal: '$50,000.00',
      resultsUrl: 'https://golf.example.org/results/1',
    },
    {
      recipientName: '',
      reason: 'you gave to the tournament',
      org: 'Lakeside Rotary',
      tournamentName: 'Spring Classic',
      topPlaces: [],
      sideGames: [],
      raised: '$500.00',
      goal: null,
      resultsUrl: 'https://golf.example.org/results/2',
    },
  ],
  yearStatementMessage: [
    {
      recipientName: NAME,
      reason: 'you made 2 payments in 2026',
      year: 2026,
      org: ORG,
      statementUrl: 'https://golf.example.org/statement?key=k&year=2026',
    },
  ],
};
