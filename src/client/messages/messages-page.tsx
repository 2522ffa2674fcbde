// /admin/messages (admin, R45): write to a group of the field (all leaders, all golfers, unpaid teams, a level, the
// waitlist): preview the e-mail as it will be sent (who sent it, why the recipient gets it), send; then follow each
// message's sent / waiting / failed counts and its per-recipient log while the server sends in the background.
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminHeading } from '../admin/admin-heading';
import { api, ApiError, errorMessage } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { levelsQuery } from '../registration/queries';
import { TournamentPicker } from '../admin/tournament-picker';
import { ChoicesState, useChosenScoringTournament } from '../scoring/chosen-tournament';
import { AUDIENCE_LABELS, AUDIENCES, messageSchema, RECIPIENT_STATUS_LABELS, type Audience } from '../../shared/message-schemas';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { LabelledOptions, NamedOptions } from '../ui/select-options';
import { Table, Td, Th, Tr } from '../ui/table';
import { TextAreaField } from '../ui/text-area-field';
import { YearStatements } from './year-statements';

type Preview = ApiAnswer<'/api/admin/messages/preview', 'post'>;
type Summary = ApiAnswer<'/api/admin/messages'>['messages'][number];
type Detail = ApiAnswer<'/api/admin/messages/:id'>;

const listQuery = (tournamentId: string) => ({
  queryKey: ['admin', 'messages', tournamentId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ApiAnswer<'/api/admin/messages'>>(`/api/admin/messages?tournamentId=${tournamentId}`, { signal }).then((r) => r.messages),
});

/** What the server adds around the staff's words (fieldMessage, src/server/mail/message-templates.ts), said where they write. */
const MESSAGE_HINT =
  'Each e-mail begins “Hi” and the person’s name, and ends with your name and why they get it. A blank line starts a new paragraph.';

/** While anything is waiting, the counts move: read them again every two seconds. */
const whileWaiting = (waiting: boolean) => (waiting ? 2000 : false);

function Compose({ tournamentId }: { tournamentId: string }) {
  const queryClient = useQueryClient();
  const levels = useQuery(levelsQuery(tournamentId));
  const [audience, setAudience] = useState<Audience>('leaders');
  const [levelId, setLevelId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const input = { tournamentId, audience, levelId: audience === 'level' ? levelId : undefined, subject, body };
  const check = () => {
    const parsed = messageSchema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    return null;
  };
  const failed = (fallback: string) => (error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors(error.fields);
    notify.error(errorMessage(error, fallback));
  };
  const previewing = useMutation({
    mutationFn: (data: unknown) => api<Preview>('/api/admin/messages/preview', { body: data }),
    onSuccess: setPreview,
    onError: failed('Failed to preview the message'),
  });
  const sending = useMutation({
    mutationFn: (data: unknown) => api<{ id: string; recipientCount: number }>('/api/admin/messages', { body: data }),
    onSuccess: (sent) => {
      notify.success(`Message queued for ${sent.recipientCount} ${sent.recipientCount === 1 ? 'recipient' : 'recipients'}`);
      setPreview(null);
      setSubject('');
      setBody('');
      return queryClient.invalidateQueries({ queryKey: ['admin', 'messages', tournamentId] });
    },
    onError: failed('Failed to send the message'),
  });
  // A change after the preview makes it stale: preview again before sending.
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
    };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = check();
    if (data) previewing.mutate(data);
  };
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">New message</h2>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate aria-label="New message">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Send to"
            value={audience}
            error={errors.audience}
            onChange={(e) => edit(setAudience)(e.target.value as Audience)}
          >
            <LabelledOptions values={AUDIENCES} labels={AUDIENCE_LABELS} />
          </SelectField>
          {audience === 'level' ? (
            <SelectField
              label="Sponsorship level"
              value={levelId}
              error={errors.levelId}
              onChange={(e) => edit(setLevelId)(e.target.value)}
            >
              <option value="">Choose a level</option>
              <NamedOptions items={levels.data} />
            </SelectField>
          ) : null}
        </div>
        <Field label="Subject" value={subject} error={errors.subject} maxLength={150} onChange={(e) => edit(setSubject)(e.target.value)} />
        <TextAreaField
          label="Message"
          value={body}
          error={errors.body}
          rows={6}
          hint={MESSAGE_HINT}
          onChange={(e) => edit(setBody)(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={previewing.isPending} className="self-start">
          Preview
        </Button>
      </form>
      {preview ? (
        <section aria-label="Preview" className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-stone-50 p-3">
          {preview.sample ? (
            <>
              <p className="text-sm font-semibold">
                Reaches {preview.recipientCount} {preview.recipientCount === 1 ? 'person' : 'people'}. The first gets:
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-stone-600">To</dt>
                <dd className="break-all">{preview.sample.to}</dd>
                <dt className="text-stone-600">Subject</dt>
                <dd>{preview.sample.subject}</dd>
              </dl>
              <pre className="rounded border border-stone-200 bg-white p-3 text-sm whitespace-pre-wrap">{preview.sample.text}</pre>
              <Button onClick={() => sending.mutate(check())} disabled={sending.isPending} className="self-start">
                Send to {preview.recipientCount} {preview.recipientCount === 1 ? 'person' : 'people'}
              </Button>
            </>
          ) : (
            <p className="text-sm">Nobody in this group has an e-mail address.</p>
          )}
        </section>
      ) : null}
    </Card>
  );
}

function RecipientLog({ id }: { id: string }) {
  const detail = useQuery({
    queryKey: ['admin', 'messages', 'detail', id],
    queryFn: ({ signal }) => api<Detail>(`/api/admin/messages/${id}`, { signal }),
    refetchInterval: (q) => whileWaiting((q.state.data?.waiting ?? 1) > 0),
  });
  if (!detail.data) return <p className="text-sm text-stone-600">Loading the log…</p>;
  return (
    <Table caption={`Recipients of “${detail.data.subject}”`}>
      <thead>
        <Tr>
          <Th>Recipient</Th>
          <Th>Why</Th>
          <Th>State</Th>
          <Th>Attempts</Th>
          <Th>When / last error</Th>
        </Tr>
      </thead>
      <tbody>
        {detail.data.recipients.map((r) => (
          <Tr key={r.email}>
            <Td>
              {r.name}
              <span className="block break-all text-xs text-stone-600">{r.email}</span>
            </Td>
            <Td className="text-xs">{r.reason}</Td>
            <Td>{RECIPIENT_STATUS_LABELS[r.status]}</Td>
            <Td className="tabular-nums">{r.attempts}</Td>
            <Td className="text-xs">
              {r.sentAt ? `Sent ${formatDateTime(r.sentAt)}` : r.nextAttemptAt ? `Next try ${formatDateTime(r.nextAttemptAt)}` : ''}
              {r.lastError && r.status !== 'sent' ? <span className="block text-red-700">{r.lastError}</span> : null}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The tournament's sent messages, read by the page (one observer of the list, which the year's statements wait for too). */
function Sent({ messages }: { messages: UseQueryResult<Summary[]> }) {
  const [open, setOpen] = useState<string | null>(null);
  if (messages.isPending) return <p className="text-sm text-stone-600">Loading…</p>;
  if (!messages.data?.length) return <p className="text-sm text-stone-600">No messages sent for this tournament yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      <Table caption="Messages sent">
        <thead>
          <Tr>
            <Th>Message</Th>
            <Th>To</Th>
            <Th>Sent</Th>
            <Th>Waiting</Th>
            <Th>Failed</Th>
            <Th>
              <span className="sr-only">Log</span>
            </Th>
          </Tr>
        </thead>
        <tbody>
          {messages.data.map((m) => (
            <Tr key={m.id}>
              <Td>
                <span className="font-semibold">{m.subject}</span>
                <span className="block text-xs text-stone-600">
                  {m.senderName} · {formatDateTime(m.createdAt)}
                </span>
              </Td>
              <Td>{AUDIENCE_LABELS[m.audience]}</Td>
              <Td className="tabular-nums">{m.sent}</Td>
              <Td className="tabular-nums">{m.waiting}</Td>
              <Td className={m.failed ? 'font-semibold text-red-700 tabular-nums' : 'tabular-nums'}>{m.failed}</Td>
              <Td>
                <Button variant="secondary" size="sm" onClick={() => setOpen(open === m.id ? null : m.id)} aria-expanded={open === m.id}>
                  {open === m.id ? 'Hide log' : 'Log'}
                </Button>
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {open ? <RecipientLog id={open} /> : null}
    </div>
  );
}

export function MessagesPage() {
  const { choices, tournament, picker } = useChosenScoringTournament();
  // The sent list, read here once: <Sent> shows it, and the year's statements wait for it below.
  const sent = useQuery({
    ...listQuery(tournament?.id ?? ''),
    enabled: Boolean(tournament),
    refetchInterval: (q) => whileWaiting((q.state.data ?? []).some((m: Summary) => m.waiting > 0)),
  });
  const aboveSettled = !choices.isPending && (!tournament || !sent.isPending);
  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Messages">
        Write to a group of the field. Each e-mail says who sent it and why the recipient gets it; the server sends them in the background
        and tries a refused one again before showing it as failed.
      </AdminHeading>
      <ChoicesState choices={choices} />
      {tournament ? (
        <>
          <TournamentPicker {...picker} />
          <Compose key={tournament.id} tournamentId={tournament.id} />
          <section aria-label="Sent messages" className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold">Sent</h2>
            <Sent messages={sent} />
          </section>
        </>
      ) : null}
      {/* Below the tournament's part: shown once that has come, or it would be pushed down on arrival. */}
      {aboveSettled ? <YearStatements /> : null}
    </div>
  );
}
