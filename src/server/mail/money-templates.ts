// The e-mails about money (R24, R25, R26): the hold reminder, the expiry notice, the receipt, the waitlist offer.
import { renderMail } from './render';
import { inertLinks } from '../../shared/link-text';

/** The greeting; names and labels a payer typed are made inert (issue 31). */
const hi = (name: string) => `Hi ${inertLinks(name) || 'there'},`;

export function holdReminderMessage(r: {
  contactName: string;
  teamName: string;
  tournamentName: string;
  deadline: string;
  dashboardUrl: string;
}) {
  const paragraphs = [
    hi(r.contactName),
    `Your place for ${inertLinks(r.teamName)} at ${r.tournamentName} is kept until ${r.deadline}, about 24 hours from now.`,
    'If it is not paid by then, the place is released to other sponsors. Pay from your teams page, or contact the organisers.',
  ];
  return renderMail({
    subject: `Reminder: your place at ${r.tournamentName} is kept until ${r.deadline}`,
    heading: 'Your place is kept for one more day',
    blocks: [...paragraphs, { action: 'See your teams', url: r.dashboardUrl }],
  });
}

export function holdExpiredMessage(r: { contactName: string; teamName: string; tournamentName: string; dashboardUrl: string }) {
  const paragraphs = [
    hi(r.contactName),
    `The place held for ${inertLinks(r.teamName)} at ${r.tournamentName} was not paid in time and has been released.`,
    'Your team stays on your teams page marked Expired. If you still want to play, contact the organisers: they can reinstate it while places remain.',
  ];
  return renderMail({
    subject: `Your place at ${r.tournamentName} has expired`,
    heading: 'Your place has expired',
    blocks: [...paragraphs, { action: 'See your teams', url: r.dashboardUrl }],
  });
}

export function receiptMessage(r: {
  payerName: string;
  /** What the payment was for: the team's name, or the gift or item in words. */
  forWhat: string;
  tournamentName: string;
  amount: string;
  date: string;
  reference: string;
  org: string;
  /** R39: the legal name and tax id, what was received and its value, and what may be deductible. */
  legalName: string;
  taxId: string;
  received: string;
  fmv: string;
  deductible: string;
  /** What may be deductible, in one sentence (shared/receipts.ts deductibleNote): the disclosure, or goods or none received. */
  disclosure: string;
  receiptUrl: string;
  statementUrl: string;
}) {
  const forWhat = inertLinks(r.forWhat);
  return renderMail({
    subject: `Receipt from ${r.org}: ${r.amount} for ${forWhat}`,
    heading: 'Payment received',
    blocks: [
      hi(r.payerName),
      `Thank you: ${r.org} has received your payment for ${forWhat} at ${r.tournamentName}.`,
      {
        lines: [
          ['Amount', r.amount],
          ['Date', r.date],
          ['Reference', r.reference],
          ['Received in return', `${r.received} (value ${r.fmv})`],
          ['May be deductible', r.deductible],
        ],
      },
      ...(r.disclosure ? [r.disclosure] : []),
      `${r.legalName}${r.taxId ? `, tax id ${r.taxId}` : ''}`,
      'Keep this e-mail as your receipt; a printable copy and your statement for the year are at the links below.',
      { action: 'Printable receipt', url: r.receiptUrl },
      { link: 'Year statement', url: r.statementUrl },
    ],
  });
}

export function waitlistOfferMessage(r: {
  contactName: string;
  teamsWanted: number;
  levelName: string;
  tournamentName: string;
  expiresAt: string;
  url: string;
}) {
  const places = r.teamsWanted === 1 ? 'a place' : `${r.teamsWanted} places`;
  const paragraphs = [
    hi(r.contactName),
    `Good news: ${places} at the ${r.levelName} level of ${r.tournamentName} opened up, and you are first on the waitlist.`,
    `We keep ${r.teamsWanted === 1 ? 'it' : 'them'} for you until ${r.expiresAt}. Register through the link below before then; after that the offer passes to the next in line.`,
    'If you no longer need it, you can pass it on from the same page.',
  ];
  return renderMail({
    subject: `A place opened up at ${r.tournamentName}: register by ${r.expiresAt}`,
    heading: 'A place opened up for you',
    blocks: [...paragraphs, { action: 'Register now', url: r.url }],
    link: r.url,
  });
}

/** R24 for a sponsorship item or add-on kept unpaid: the reminder a day before its deadline, and the notice at expiry. */
export function purchaseReminderMessage(r: { buyerName: string; label: string; tournamentName: string; deadline: string; url: string }) {
  const label = inertLinks(r.label);
  const paragraphs = [
    hi(r.buyerName),
    `${label} at ${r.tournamentName} is kept for you until ${r.deadline}, about 24 hours from now.`,
    'If it is not paid by then, it is released to others. Pay from your page, or contact the organisers.',
  ];
  return renderMail({
    subject: `Reminder: ${label} at ${r.tournamentName} is kept until ${r.deadline}`,
    heading: 'Kept for one more day',
    blocks: [...paragraphs, { action: 'Pay now', url: r.url }],
  });
}

/** R55: a won auction lot still unpaid a day before its deadline; it stays the winner's, so nothing is released. */
export function lotReminderMessage(r: { buyerName: string; label: string; tournamentName: string; deadline: string; url: string }) {
  const label = inertLinks(r.label);
  return renderMail({
    subject: `Reminder: your auction lot ${label} at ${r.tournamentName} is not paid yet`,
    heading: 'Your auction lot is waiting',
    blocks: [
      hi(r.buyerName),
      `You won ${label} at the ${r.tournamentName} auction and it is not paid yet. Please pay by ${r.deadline}.`,
      'Your lots page pays for every lot you won in one card payment; the organisers also take cash or cheque.',
      { action: 'Pay for my lots', url: r.url },
    ],
  });
}

export function purchaseExpiredMessage(r: { buyerName: string; label: string; tournamentName: string; url: string }) {
  const label = inertLinks(r.label);
  const paragraphs = [
    hi(r.buyerName),
    `${label} at ${r.tournamentName} was not paid in time and has been released.`,
    'If you still want it, contact the organisers or buy it again while it is available.',
  ];
  return renderMail({
    subject: `${label} at ${r.tournamentName} has expired`,
    heading: 'Released unpaid',
    blocks: [...paragraphs, { action: 'See the event', url: r.url }],
  });
}
