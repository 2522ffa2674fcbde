// Names typed by a stranger (issue 31) reach no e-mail as a link, in the subject, the text or the HTML, even ones saved
// before the name rule refused links; the portal's own links stay links.
import { expect, it } from 'vitest';
import { golferAnswerRequestMessage } from './golfer-templates';
import { registrationMessage } from './templates';
import { receiptMessage } from './money-templates';

it('typed names already saved with a link reach no e-mail as a link, in the text or the HTML', () => {
  const prize = 'URGENT: claim your prize at http://evil.example/claim';
  const mails = [
    golferAnswerRequestMessage({
      firstName: 'www.evil.example',
      teamName: prize,
      tournamentName: 'Spring Classic',
      lastDay: 'Wednesday, April 14',
      url: 'https://golf.example.org/golfer/abc',
      reminder: false,
    }),
    registrationMessage({
      contactName: prize,
      tournament: { name: 'Spring Classic', startDate: '2027-04-16' },
      levelName: 'Eagle',
      teams: [{ name: prize, players: [{ firstName: 'evil.com', lastName: 'x' }] }],
      amount: '$1,200.00',
      total: '$1,200.00',
      paymentOption: 'hold',
      holdUntil: 'Friday',
      dashboardUrl: 'https://golf.example.org/register',
    }),
    receiptMessage({
      payerName: 'evil.example/claim',
      forWhat: `Gift (${prize})`,
      tournamentName: 'Spring Classic',
      amount: '$5.00',
      date: 'April 1, 2027',
      reference: 'Payment 1',
      org: 'Lakeside Rotary',
      legalName: 'Lakeside Rotary Foundation Inc.',
      taxId: '',
      received: 'Nothing: a gift',
      fmv: '$0.00',
      deductible: '$5.00',
      disclosure: '',
      receiptUrl: 'https://golf.example.org/receipts/1?key=k',
      statementUrl: 'https://golf.example.org/statement?key=k',
    }),
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
