// The e-mails about an account and a registration, in the product's voice: each described once, both parts made from the
// description (render.ts, docs/decisions/103); the mailer signs both parts (mailer.ts).
import { inertLinks } from '../../shared/link-text';
import { renderMail, type MailBlock } from './render';

/** The greeting, with the name a stranger may have typed made inert (issue 31). */
const hi = (firstName: string) => (firstName ? `Hi ${inertLinks(firstName)},` : 'Hi,');

export function confirmEmailMessage(input: { firstName: string; url: string }) {
  const greeting = hi(input.firstName);
  const lines = [
    greeting,
    'Thanks for signing up for the golf tournament. Please confirm your e-mail address so you can register your team.',
  ];
  return renderMail({
    subject: 'Confirm your e-mail for the golf tournament',
    heading: 'Confirm your e-mail',
    blocks: [...lines, { action: 'Confirm my e-mail', url: input.url }, 'If you did not sign up, you can ignore this message.'],
  });
}

export function resetPasswordMessage(input: { firstName: string; url: string }) {
  const greeting = hi(input.firstName);
  const lines = [
    greeting,
    'Someone asked to reset the password of your golf tournament account. Choose a new password with the link below.',
    'The link works once, for one hour. Setting a new password signs your account out everywhere else.',
  ];
  return renderMail({
    subject: 'Reset your golf tournament password',
    heading: 'Reset your password',
    blocks: [
      ...lines,
      { action: 'Choose a new password', url: input.url },
      'If you did not ask for this, you can ignore this message: your password stays as it is.',
    ],
  });
}

/** Sent when someone signs up with an e-mail that already has an account (R34): the answer on the page is the same either way. */
export function accountExistsMessage(input: { firstName: string; resetUrl: string; signInUrl: string }) {
  const greeting = hi(input.firstName);
  const lines = [
    greeting,
    'Someone (perhaps you) tried to sign up for the golf tournament with this e-mail address, but it already has an account.',
    `You can sign in at ${input.signInUrl}. If you forgot your password, choose a new one with the link below.`,
  ];
  return renderMail({
    subject: 'You already have a golf tournament account',
    heading: 'You already have an account',
    blocks: [...lines, { action: 'Reset my password', url: input.resetUrl }, 'If this was not you, you can ignore this message.'],
  });
}

export interface RegistrationMail {
  contactName: string;
  tournament: { name: string; startDate: string };
  levelName: string;
  teams: { name: string; players: { firstName: string; lastName: string }[] }[];
  amount: string;
  total: string;
  paymentOption: 'pay' | 'hold';
  holdUntil: string | null;
  dashboardUrl: string;
  /** The Give page for this tournament (R35): a registration's confirmation invites a gift. */
  giveUrl?: string;
  /** R61: each golfer's check-in code, shown as a QR to bring on the day (or print: the badge carries it too). */
  checkInCodes?: { name: string; teamName: string; code: string }[];
}

export function registrationMessage(r: RegistrationMail) {
  const count = r.teams.length === 1 ? 'your team' : `your ${r.teams.length} teams`;
  const payment =
    r.paymentOption === 'hold'
      ? `Your registration is on hold until ${r.holdUntil}. We will confirm your payment with you before then.`
      : // 'Pay now' is refused while card payments are not connected (issue 31), so the card choice always has its deadline.
        `You chose to pay by card. Your places are kept until ${r.holdUntil}; if you did not finish paying, use Pay now on your teams page before then. A receipt follows once the payment is received.`;
  // Every name here was typed by the leader and goes to the contact's address: inert (issue 31).
  const teamLines = r.teams.map((t) => inertLinks(`${t.name}: ${t.players.map((p) => `${p.firstName} ${p.lastName}`).join(', ')}`));
  const paragraphs: MailBlock[] = [
    `Hi ${inertLinks(r.contactName)},`,
    `Thank you for registering ${count} for ${r.tournament.name} on ${r.tournament.startDate}.`,
    `Sponsorship level: ${r.levelName}, ${r.amount} per team. Total: ${r.total}.`,
    ...teamLines,
    payment,
    'You can change team and player details until the day before the tournament.',
    ...(r.checkInCodes?.length
      ? [
          'Check-in on the day: each golfer shows their code below (on a phone or printed) at the check-in table.',
          ...r.checkInCodes.map((c) => ({ qr: c.code, caption: inertLinks(`${c.name}, ${c.teamName}`) })),
        ]
      : []),
    ...(r.giveUrl ? [{ link: 'Want to do more for the cause? Add a gift', url: r.giveUrl }] : []),
  ];
  return renderMail({
    subject: `Registration received: ${r.tournament.name}`,
    heading: 'Registration received',
    blocks: [...paragraphs, { action: 'See your teams', url: r.dashboardUrl }],
  });
}

/** 'Send a test e-mail' (R51): sent as every e-mail is, signed with the stored name (settings/test-mail.ts). */
export function testMailMessage(input: { org: string; adminName: string }) {
  return renderMail({
    subject: `Test e-mail from ${input.org}`,
    heading: 'E-mail works',
    blocks: [
      `This is a test e-mail from ${input.org}'s tournament portal, sent by ${input.adminName || 'an admin'} from Admin → Settings.`,
      'It arrived, so e-mail works: confirmations, receipts and messages to the field go out the same way.',
    ],
  });
}

/** R60: a volunteer invited to one tournament; the link signs them up or in, then grants that role there only. */
export function volunteerInvitationMessage(input: {
  tournamentName: string;
  roleLabel: string;
  lastDay: string;
  invitedBy: string;
  url: string;
}) {
  const what = input.roleLabel === 'Scorer' ? 'enter scores' : 'check golfers in and sell add-ons at check-in';
  return renderMail({
    subject: `You are invited to volunteer at ${input.tournamentName}`,
    heading: 'Volunteer invitation',
    blocks: [
      'Hi,',
      `${inertLinks(input.invitedBy)} invited you to help at ${inertLinks(input.tournamentName)} as ${input.roleLabel}: you will be able to ${what} for this tournament only.`,
      `Follow the link to create your account (or sign in to the one you have) and accept. Your access lasts until the end of ${input.lastDay}.`,
      { action: 'Accept the invitation', url: input.url },
      'If you did not expect this, you can ignore this message.',
    ],
  });
}
