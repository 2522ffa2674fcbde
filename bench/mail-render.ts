// The e-mail renderer (docs/decisions/103): the time to make both parts of one e-mail, as the message sender does for each
// of 2,000 golfers (a staff message to the field, R45: described, rendered, then signed by the mailer), and the time to
// load the renderer with the templates (through tsx here; in the server they are part of the bundle). Budget: 1 ms per
// e-mail, 2 s of CPU for a 2,000-person send on a server that also serves the day's board.
//   node --import tsx bench/mail-render.ts [--recipients 2000]
import { performance } from 'node:perf_hooks';
import { argValue, median, noteLoad, printChecks, round, writeResult, type Check } from './lib';

const RECIPIENTS = Number(argValue('--recipients') ?? 2000);
const BUDGET_MS = 1;
const load = noteLoad('mail-render');

const started = performance.now();
const { fieldMessage } = await import('../src/server/mail/message-templates');
const { receiptMessage } = await import('../src/server/mail/money-templates');
const { signMessage } = await import('../src/server/mail/mailer');
const importMs = performance.now() - started;

const body = [
  'We start at 9. Please be at the clubhouse by 8:15 so we can hand out carts & scorecards.',
  'Bring your receipt.',
  'Lunch is at the turn; the dinner and the auction follow at 6 in the hall.',
].join('\n\n');

function send(i: number) {
  const mail = fieldMessage({
    subject: 'Tee times for Saturday',
    body,
    senderName: 'Morgan Organiser',
    tournamentName: 'Spring Charity Classic',
    org: 'Lakeside Rotary',
    recipientName: `Golfer <${i}>`,
    reason: `your team Team ${i % 500} plays`,
  });
  return { ...mail, ...signMessage(mail, 'Lakeside Rotary') };
}

function receipt(i: number) {
  const mail = receiptMessage({
    payerName: `Payer ${i}`,
    forWhat: `Team ${i}`,
    tournamentName: 'Spring Charity Classic',
    amount: '$1,200.00',
    date: 'April 1, 2027',
    reference: `pi_${i}`,
    org: 'Lakeside Rotary',
    legalName: 'Lakeside Rotary Foundation Inc.',
    taxId: '12-3456789',
    received: 'Golf for four and dinner',
    fmv: '$400.00',
    deductible: '$800.00',
    disclosure: 'The amount over $400.00 may be deductible.',
    receiptUrl: `https://golf.example.org/receipts/${i}?key=k`,
    statementUrl: 'https://golf.example.org/statement?key=k',
  });
  return { ...mail, ...signMessage(mail, 'Lakeside Rotary') };
}

/** Per-e-mail milliseconds of one whole send, the median of five sends after a warm-up. */
function perMail(render: (i: number) => { text: string; html: string }) {
  for (let i = 0; i < 200; i++) render(i);
  const runs = Array.from({ length: 5 }, () => {
    const t = performance.now();
    let bytes = 0;
    for (let i = 0; i < RECIPIENTS; i++) {
      const mail = render(i);
      bytes += mail.text.length + mail.html.length;
    }
    if (bytes === 0) throw new Error('nothing rendered');
    return (performance.now() - t) / RECIPIENTS;
  });
  return median(runs);
}

const fieldMs = perMail(send);
const receiptMs = perMail(receipt);
const result = {
  recipients: RECIPIENTS,
  importMs: round(importMs, 1),
  fieldMessagePerMailMs: round(fieldMs, 4),
  fieldMessageSendMs: round(fieldMs * RECIPIENTS, 1),
  receiptPerMailMs: round(receiptMs, 4),
  sample: { textBytes: send(1).text.length, htmlBytes: send(1).html.length },
  rssMB: round(process.memoryUsage().rss / 1e6),
};
console.log(result);
const checks: Check[] = [
  {
    name: `render, a ${RECIPIENTS}-person message`,
    value: round(fieldMs, 4),
    unit: 'ms per e-mail',
    budget: `≤ ${BUDGET_MS}`,
    pass: fieldMs <= BUDGET_MS,
  },
  { name: 'render, a receipt', value: round(receiptMs, 4), unit: 'ms per e-mail', budget: `≤ ${BUDGET_MS}`, pass: receiptMs <= BUDGET_MS },
];
printChecks(checks);
console.log(`written to ${writeResult('mail-render', { loadAverage: load, ...result, checks })}`);
if (fieldMs > BUDGET_MS || receiptMs > BUDGET_MS) process.exitCode = 1;
