// Settings' two checks (R51): e-mail (send a test and read the mail server's answer) and card payments (keys set, test or
// live, the last webhook). What they show comes from the server, which never sends a secret.
import { useId, useState } from 'react';
import { testEmailSchema } from '../../shared/settings-schemas';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { cn } from '../ui/cn';
import { useTestEmail, type Settings, type TestEmailAnswer } from './queries';

const TONE = {
  good: 'border-green-700/30 bg-green-50 text-green-900',
  bad: 'border-red-700/30 bg-red-50 text-red-900',
  neutral: 'border-stone-300 bg-stone-50 text-stone-800',
} as const;

function Outcome({ tone, title, children }: { tone: keyof typeof TONE; title: string; children?: React.ReactNode }) {
  return (
    <div role="status" className={cn('mt-3 rounded-md border p-3 text-sm', TONE[tone])}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 break-words">{children}</div> : null}
    </div>
  );
}

/** The mail server's answer in words: what happened, and what it said. */
function testEmailOutcome(answer: TestEmailAnswer): { tone: keyof typeof TONE; title: string; detail: string } {
  switch (answer.result) {
    case 'accepted':
      return { tone: 'good', title: `The mail server accepted the test e-mail to ${answer.to}`, detail: answer.reply };
    case 'refused':
      return { tone: 'bad', title: `The mail server refused the test e-mail to ${answer.to}`, detail: answer.reply };
    case 'unreachable':
      return {
        tone: 'bad',
        title: 'The mail server could not be reached: check SMTP_URL’s host and port',
        detail: answer.reply,
      };
    case 'not-configured':
      return {
        tone: 'neutral',
        title: 'SMTP_URL is not set',
        detail: 'E-mails are written to the server’s log instead of being sent. Set SMTP_URL to your mail provider’s address.',
      };
  }
}

export function MailCard({ mail }: { mail: Settings['mail'] }) {
  const test = useTestEmail();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = testEmailSchema.safeParse({ to: to.trim() });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) test.mutate(to.trim());
  };
  const outcome = test.data ? testEmailOutcome(test.data) : null;
  return (
    <Card aria-labelledby={headingId}>
      <CardTitle id={headingId}>E-mail</CardTitle>
      <p className="mt-1 text-sm text-stone-700">
        {mail.configured
          ? `Sent through the mail server in SMTP_URL, from ${mail.fromAddress}.`
          : 'SMTP_URL is not set: e-mails are written to the server’s log, not sent.'}
      </p>
      <form noValidate onSubmit={send} className="mt-3 flex flex-col gap-3">
        <Field
          label="Send a test e-mail to"
          hint="Leave empty for your own address"
          type="email"
          autoComplete="email"
          value={to}
          error={error}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={test.isPending}>
            {test.isPending ? 'Sending…' : 'Send a test e-mail'}
          </Button>
        </div>
      </form>
      {outcome ? (
        <Outcome tone={outcome.tone} title={outcome.title}>
          {outcome.detail ? <code className="font-mono text-xs">{outcome.detail}</code> : null}
        </Outcome>
      ) : null}
      {test.isError ? <Outcome tone="bad" title={errorMessage(test.error, 'The test e-mail could not be sent: try again')} /> : null}
    </Card>
  );
}

export function CardPaymentsCard({ state }: { state: Settings['cardPayments'] }) {
  const headingId = useId();
  const webhook = state.lastWebhook;
  return (
    <Card aria-labelledby={headingId}>
      <CardTitle id={headingId}>Card payments</CardTitle>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="text-stone-600">Stripe keys</dt>
          <dd className="font-medium">
            {state.keysSet ? 'Set' : 'Not set: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments'}
          </dd>
        </div>
        {state.keysSet ? (
          <div>
            <dt className="text-stone-600">Mode</dt>
            <dd className="font-medium">
              {state.mode === 'live' ? 'Live: real cards are charged' : state.mode === 'test' ? 'Test: no real money moves' : 'Unknown'}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-stone-600">Last webhook</dt>
          <dd className="font-medium">
            {webhook ? `${formatDateTime(webhook.at, { withZone: true })}: ${webhook.type}, received and applied` : 'None received yet'}
          </dd>
          {state.keysSet ? (
            <dd className="mt-1 text-stone-600">
              A webhook whose signature does not match STRIPE_WEBHOOK_SECRET is refused and changes nothing, here included: if a card
              payment stays pending, compare STRIPE_WEBHOOK_SECRET with the endpoint&apos;s signing secret in Stripe.
            </dd>
          ) : null}
        </div>
      </dl>
    </Card>
  );
}
