// The e-mail staff write to a group (R45): their words, then who sent it and why this recipient gets it.
import { renderMail } from './render';
import { inertLinks } from '../../shared/link-text';

export interface FieldMessage {
  subject: string;
  body: string;
  senderName: string;
  tournamentName: string;
  org: string;
  recipientName: string;
  reason: string;
}

export function fieldMessage(input: FieldMessage) {
  // Staff wrote the body; the recipient's name was typed by a leader or a golfer (issue 31: inert).
  const greeting = input.recipientName ? `Hi ${inertLinks(input.recipientName)},` : 'Hi,';
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const signature = `${input.senderName}, for ${input.org}`;
  const why = `You get this e-mail because ${input.reason} (${input.tournamentName}).`;
  return renderMail({
    // Signed by the sender, for the organisation (above): no second sign-off.
    signOff: false,
    subject: input.subject,
    heading: input.subject,
    blocks: [greeting, ...paragraphs, signature, why],
  });
}
