// The e-mails the portal sends, in text and HTML, in the product's voice. The mailer signs both parts (mailer.ts).
import { inertLinks } from '../../shared/link-text';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where the mailer puts the signature (mailer.ts signMessage): the organisation's name as stored, the same as the text part's. */
export const SIGNATURE_SLOT = '<!--signature-->';

/** The HTML part's signature; `name` as the organisation stores it (R51). */
export const signatureHtml = (name: string) =>
  `<p style="margin:24px 0 0;font-size:13px;color:#555">See you on the course.<br>${escapeHtml(name)}</p>`;

/** The text part's signature. */
export const signatureText = (name: string) => `See you on the course.\n${name}`;

/** A plain, narrow layout that reads well in every mail client. */
export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#166534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#166534;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f3;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 20px;font-size:22px;color:#166534">${escapeHtml(title)}</h1>${body}${button}
${SIGNATURE_SLOT}
</div></body></html>`;
}

/** The greeting, with the name a stranger may have typed made inert (issue 31). */
const hi = (firstName: string) => (firstName ? `Hi ${inertLinks(firstName)},` : 'Hi,');

export function confirmEmailMessage(input: { firstName: string; url: string }) {
  const greeting = hi(input.firstName);
  const lines = [
    greeting,
    'Thanks for signing up for the golf tournament. Please confirm your e-mail address so you can register your team.',
  ];
  return {
    subject: 'Confirm your e-mail for the golf tournament',
    text: `${lines.join('\n\n')}\n\nConfirm your e-mail: ${input.url}\n\nIf you did not sign up, you can ignore this message.\n`,
    html: layout('Confirm your e-mail', [...lines, 'If you did not sign up, you can ignore this message.'], {
      label: 'Confirm my e-mail',
      url: input.url,
    }),
  };
}

export function resetPasswordMessage(input: { firstName: string; url: string }) {
  const greeting = hi(input.firstName);
  const lines = [
    greeting,
    'Someone asked to reset the password of your golf tournament account. Choose a new password with the link below.',
    'The link works once, for one hour. Setting a new password signs your account out everywhere else.',
  ];
  return {
    subject: 'Reset your golf tournament password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${input.url}\n\nIf you did not ask for this, you can ignore this message: your password stays as it is.\n`,
    html: layout(
      'Reset your password',
      [...lines, 'If you did not ask for this, you can ignore this message: your password stays as it is.'],
      {
        label: 'Choose a new password',
        url: input.url,
      },
    ),
  };
}

/** Sent when someone signs up with an e-mail that already has an account (R34): the answer on the page is the same either way. */
export function accountExistsMessage(input: { firstName: string; resetUrl: string; signInUrl: string }) {
  const greeting = hi(input.firstName);
  const lines = [
    greeting,
    'Someone (perhaps you) tried to sign up for the golf tournament with this e-mail address, but it already has an account.',
    `You can sign in at ${input.signInUrl}. If you forgot your password, choose a new one with the link below.`,
  ];
  return {
    subject: 'You already have a golf tournament account',
    text: `${lines.join('\n\n')}\n\nForgot your password? ${input.resetUrl}\n\nIf this was not you, you can ignore this message.\n`,
    html: layout('You already have an account', [...lines, 'If this was not you, you can ignore this message.'], {
      label: 'Reset my password',
      url: input.resetUrl,
    }),
  };
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
  const paragraphs = [
    `Hi ${inertLinks(r.contactName)},`,
    `Thank you for registering ${count} for ${r.tournament.name} on ${r.tournament.startDate}.`,
    `Sponsorship level: ${r.levelName}, ${r.amount} per team. Total: ${r.total}.`,
    ...teamLines,
    payment,
    'You can change team and player details until the day before the tournament.',
    ...(r.giveUrl ? [`Want to do more for the cause? Add a gift: ${r.giveUrl}`] : []),
  ];
  return {
    subject: `Registration received: ${r.tournament.name}`,
    text: `${paragraphs.join('\n\n')}\n\nYour teams: ${r.dashboardUrl}\n`,
    html: layout('Registration received', paragraphs, { label: 'See your teams', url: r.dashboardUrl }),
  };
}
