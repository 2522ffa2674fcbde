// The e-mails that ask a golfer to answer for themselves (R42): the first one when the leader chooses 'Ask the golfer',
// and the one reminder 7 days before the editing lock. A failed send is logged; the registration or save stands.
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { errorFields } from '../logger';
import { golferAnswerRequestMessage } from '../mail/golfer-templates';
import { dayBefore } from '../../shared/editing-lock';
import { answerUrl } from './links';

export interface Invitation {
  email: string;
  firstName: string;
  teamName: string;
  /** The link's token: only ever in the e-mail, never stored or logged. */
  token: string;
}

/** The last day answers are open: the day before the lock's day (the lock falls at 00:00 of the day before the start). */
const answerDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
export function lastAnswerDay(startDate: string): string {
  return answerDayFormat.format(new Date(`${dayBefore(dayBefore(startDate))}T12:00:00Z`));
}

export async function sendInvitations(
  deps: { mailer: Mailer; config: Config; logger: Logger },
  invitations: readonly Invitation[],
  tournament: { name: string; startDate: string },
  reminder = false,
) {
  for (const invitation of invitations) {
    const url = answerUrl(deps.config.appUrl, invitation.token);
    const message = golferAnswerRequestMessage({
      firstName: invitation.firstName,
      teamName: invitation.teamName,
      tournamentName: tournament.name,
      lastDay: lastAnswerDay(tournament.startDate),
      url,
      reminder,
    });
    await deps.mailer
      .send({ to: invitation.email, ...message, link: url })
      .catch((error) => deps.logger.error('golfer answer e-mail failed', errorFields(error)));
  }
}
