// The e-mails of R59 the portal writes itself, through the message queue (R45): the thank-you after the outing, and a
// payer's year statement (R39). Each says why the recipient gets it, as staff's messages do.
import { renderMail, type MailBlock } from './render';
import { inertLinks } from '../../shared/link-text';

/** The greeting; a name a leader or golfer typed is made inert (issue 31). */
const hi = (name: string) => `Hi ${inertLinks(name) || 'there'},`;
const because = (reason: string) => `You get this e-mail because ${inertLinks(reason)}.`;

/** What the thank-you quotes of the results, fixed when it was queued (messages.content). */
export interface ThankYouContent {
  tournamentName: string;
  /** The top places of the final board: place label, team, score. */
  topPlaces: { place: string; team: string; score: string }[];
  /** One line per side-game winner ('Closest to the pin, hole 7: Ann (Eagles), 4 ft'). */
  sideGames: string[];
  raised: string;
  /** The goal as money, or null without one. */
  goal: string | null;
  resultsUrl: string;
}

export function thankYouMessage(r: ThankYouContent & { recipientName: string; reason: string; org: string }) {
  const blocks: MailBlock[] = [
    hi(r.recipientName),
    `Thank you for being part of ${r.tournamentName}. Together we raised ${r.raised}${r.goal ? ` against our goal of ${r.goal}` : ''} for ${r.org}'s cause.`,
  ];
  if (r.topPlaces.length > 0) {
    blocks.push('The final board:', { lines: r.topPlaces.map((p) => [p.place, `${inertLinks(p.team)}, ${p.score}`] as const) });
  }
  if (r.sideGames.length > 0) blocks.push(`The side games:\n${r.sideGames.map(inertLinks).join('\n')}`);
  blocks.push({ action: 'See all the results', url: r.resultsUrl }, because(`${r.reason} (${r.tournamentName})`));
  return renderMail({
    subject: `Thank you from ${r.org}: ${r.tournamentName} raised ${r.raised}`,
    heading: `Thank you for ${r.tournamentName}`,
    blocks,
    link: r.resultsUrl,
  });
}

export function yearStatementMessage(r: { recipientName: string; reason: string; year: number; org: string; statementUrl: string }) {
  return renderMail({
    subject: `Your ${r.year} statement from ${r.org}`,
    heading: `Your statement for ${r.year}`,
    blocks: [
      hi(r.recipientName),
      `Thank you for your support in ${r.year}. Your statement lists every payment you made to ${r.org} that year, what you received in return and what may be deductible.`,
      { action: `Open your ${r.year} statement`, url: r.statementUrl },
      'The link opens your statement without signing in; keep this e-mail for your records.',
      because(r.reason),
    ],
    link: r.statementUrl,
  });
}
