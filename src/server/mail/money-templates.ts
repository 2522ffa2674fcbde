// The e-mails about money (R24, R25, R26): the hold reminder, the expiry notice, the receipt, the waitlist offer.
import { layout } from './templates';

const sign = (org: string) => `See you on the course.\n${org}`;

export function holdReminderMessage(r: {
  contactName: string;
  teamName: string;
  tournamentName: string;
  deadline: string;
  dashboardUrl: string;
  org: string;
}) {
  const paragraphs = [
    `Hi ${r.contactName || 'there'},`,
    `Your place for ${r.teamName} at ${r.tournamentName} is kept until ${r.deadline}, about 24 hours from now.`,
    'If it is not paid by then, the place is released to other sponsors. Pay from your teams page, or contact the organisers.',
  ];
  return {
    subject: `Reminder: your place at ${r.tournamentName} is kept until ${r.deadline}`,
    text: `${paragraphs.join('\n\n')}\n\nYour teams: ${r.dashboardUrl}\n\n${sign(r.org)}\n`,
    html: layout('Your place is kept for one more day', paragraphs, { label: 'See your teams', url: r.dashboardUrl }),
  };
}

export function holdExpiredMessage(r: {
  contactName: string;
  teamName: string;
  tournamentName: string;
  dashboardUrl: string;
  org: string;
}) {
  const paragraphs = [
    `Hi ${r.contactName || 'there'},`,
    `The place held for ${r.teamName} at ${r.tournamentName} was not paid in time and has been released.`,
    'Your team stays on your teams page marked Expired. If you still want to play, contact the organisers: they can reinstate it while places remain.',
  ];
  return {
    subject: `Your place at ${r.tournamentName} has expired`,
    text: `${paragraphs.join('\n\n')}\n\nYour teams: ${r.dashboardUrl}\n\n${sign(r.org)}\n`,
    html: layout('Your place has expired', paragraphs, { label: 'See your teams', url: r.dashboardUrl }),
  };
}

export function receiptMessage(r: {
  contactName: string;
  teamName: string;
  tournamentName: string;
  amount: string;
  date: string;
  reference: string;
  org: string;
}) {
  const paragraphs = [
    `Hi ${r.contactName || 'there'},`,
    `Thank you: ${r.org} has received your payment for ${r.teamName} at ${r.tournamentName}.`,
    `Amount: ${r.amount}`,
    `Date: ${r.date}`,
    `Reference: ${r.reference}`,
    'Keep this e-mail as your receipt.',
  ];
  return {
    subject: `Receipt from ${r.org}: ${r.amount} for ${r.teamName}`,
    text: `${paragraphs.join('\n\n')}\n\n${sign(r.org)}\n`,
    html: layout('Payment received', paragraphs),
  };
}

export function waitlistOfferMessage(r: {
  contactName: string;
  teamsWanted: number;
  levelName: string;
  tournamentName: string;
  expiresAt: string;
  url: string;
  org: string;
}) {
  const places = r.teamsWanted === 1 ? 'a place' : `${r.teamsWanted} places`;
  const paragraphs = [
    `Hi ${r.contactName || 'there'},`,
    `Good news: ${places} at the ${r.levelName} level of ${r.tournamentName} opened up, and you are first on the waitlist.`,
    `We keep ${r.teamsWanted === 1 ? 'it' : 'them'} for you until ${r.expiresAt}. Register through the link below before then; after that the offer passes to the next in line.`,
    'If you no longer need it, you can pass it on from the same page.',
  ];
  return {
    subject: `A place opened up at ${r.tournamentName}: register by ${r.expiresAt}`,
    text: `${paragraphs.join('\n\n')}\n\nRegister: ${r.url}\n\n${sign(r.org)}\n`,
    html: layout('A place opened up for you', paragraphs, { label: 'Register now', url: r.url }),
    link: r.url,
  };
}
