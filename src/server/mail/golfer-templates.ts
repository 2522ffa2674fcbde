// The e-mails golfers get about their own details (R42) and their team (R43).
import { renderMail } from './render';
import { inertLinks } from '../../shared/link-text';

export function golferAnswerRequestMessage(m: {
  firstName: string;
  teamName: string;
  tournamentName: string;
  lastDay: string;
  url: string;
  reminder: boolean;
}) {
  m = { ...m, firstName: inertLinks(m.firstName), teamName: inertLinks(m.teamName) };
  const lines = [
    `Hi ${m.firstName},`,
    m.reminder
      ? `A reminder: your team leader asked you to fill in your details for ${m.tournamentName} (team ${m.teamName}), and we have not had them yet.`
      : `Your team leader registered you for ${m.tournamentName} with team ${m.teamName} and asked you to fill in your details: Handicap Index, shirt size, dietary needs and the organiser's questions.`,
    `The link below is yours alone and needs no account. You can answer, and change your answers, until the end of ${m.lastDay}.`,
  ];
  return renderMail({
    subject: m.reminder ? `Reminder: your details for ${m.tournamentName}` : `Your details for ${m.tournamentName}`,
    heading: m.reminder ? 'A reminder: your details' : 'Your details, please',
    blocks: [...lines, { action: 'Fill in my details', url: m.url }],
  });
}

/** R43: a single golfer placed into a team by staff. */
export function pairedMessage(m: { firstName: string; teamName: string; teammates: string[]; tournamentName: string; url: string }) {
  m = { ...m, firstName: inertLinks(m.firstName), teamName: inertLinks(m.teamName), teammates: m.teammates.map(inertLinks) };
  const lines = [
    `Hi ${m.firstName},`,
    `Good news: you have a team for ${m.tournamentName}. You will play with team ${m.teamName}.`,
    m.teammates.length > 0 ? `Your teammates so far: ${m.teammates.join(', ')}.` : 'More golfers will join your team before the day.',
  ];
  return renderMail({
    subject: `Your team for ${m.tournamentName}: ${m.teamName}`,
    heading: 'You have a team',
    blocks: [...lines, { action: 'See my registration', url: m.url }],
  });
}
