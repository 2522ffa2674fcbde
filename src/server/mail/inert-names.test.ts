// Names typed by a stranger (issue 31) reach no e-mail as a link, in the subject, the text or the HTML, even ones saved
// before the name rule refused links; the portal's own links stay links.
import { expect, it } from 'vitest';
import { golferAnswerRequestMessage } from './golfer-templates';
import { registrationMessage } from './templates';
import { receiptMessage } from './money-templates';
import { samples } from './mail-samples.fixture';

it('typed names already saved with a link reach no e-mail as a link, in the text or the HTML', () => {
  const prize = 'URGENT: claim your prize at http://evil.example/claim';
  // The samples every kind is checked with, with a stranger's names where a name goes.
  const mails = [
    golferAnswerRequestMessage({ ...samples.golferAnswerRequestMessage[1]!, firstName: 'www.evil.example', teamName: prize }),
    registrationMessage({
      ...samples.registrationMessage[0]!,
      contactName: prize,
      teams: [{ name: prize, players: [{ firstName: 'evil.com', lastName: 'x' }] }],
    }),
    receiptMessage({ ...samples.receiptMessage[1]!, payerName: 'evil.example/claim', forWhat: `Gift (${prize})` }),
  ];
  for (const mail of mails) {
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/evil\.(example|com)/);
      expect(part).not.toContain('http://evil');
    }
    // The portal's own links stay links.
    expect(mail.text).toMatch(/https:\/\/golf\.example\.org\//);
  }
});
