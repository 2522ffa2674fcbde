// /admin/codes (admins): a tournament's discount codes (R57): the code, percent or amount off or free, the levels and items
// it is for, its number of uses (with those counted) and the days it is valid, each added, changed and deleted here.
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney } from '../../shared/money';
import { CODE_KIND_LABELS, codeFormSchema, type CodeFormValues, type DiscountCodeInput } from '../../shared/pricing-schemas';
import { centsToInput } from '../../shared/tournament-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { EditDeleteActions } from '../admin/admin-list-page';
import { FormDialog, saveFeedback } from '../admin/form-dialog';
import { notifyFailure } from '../admin/notify-failure';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { tournamentsQuery } from '../tournaments/queries';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';

type Code = ApiAnswer<'/api/admin/tournaments/:tournamentId/codes'>['codes'][number];
type Item = ApiAnswer<'/api/admin/tournaments/:tournamentId/items'>['items'][number];
type Level = ApiAnswer<'/api/admin/tournaments/:id'>['tournament']['levels'][number];

const codesQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'codes', tournamentId],
    queryFn: ({ signal }) => api<{ codes: Code[] }>(`/api/admin/tournaments/${tournamentId}/codes`, { signal }).then((r) => r.codes),
    enabled: Boolean(tournamentId),
  });
/** What a code may be for: the tournament's levels and items. */
const targetsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'code-targets', tournamentId],
    queryFn: async ({ signal }) => ({
      levels: (await api<{ tournament: { levels: Level[] } }>(`/api/admin/tournaments/${tournamentId}`, { signal })).tournament.levels,
      items: (await api<{ items: Item[] }>(`/api/admin/tournaments/${tournamentId}/items`, { signal })).items,
    }),
    enabled: Boolean(tournamentId),
  });

function useKeepCodes(tournamentId: string) {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: ['admin', 'codes', tournamentId] });
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DiscountCodeInput }) =>
      id
        ? api(`/api/admin/codes/${id}`, { method: 'PUT', body: input })
        : api(`/api/admin/tournaments/${tournamentId}/codes`, { body: input }),
    onSettled: settled,
  });
  const remove = useMutation({ mutationFn: (id: string) => api(`/api/admin/codes/${id}`, { method: 'DELETE' }), onSettled: settled });
  return { save, remove };
}

const SERVER_FIELDS: Record<string, keyof CodeFormValues> = { amountCents: 'amount' };

/** What a code takes off, in words: '20 % off', '$125.00 off', 'Free'. */
export const codeTermsText = (code: Pick<Code, 'kind' | 'percent' | 'amountCents'>, currency = 'USD') =>
  code.kind === 'percent'
    ? `${code.percent} % off`
    : code.kind === 'amount'
      ? `${formatMoney(code.amountCents ?? 0, currency)} off`
      : 'Free';

function CodeDialog({ code, tournamentId, onClose }: { code: Code | null; tournamentId: string; onClose: () => void }) {
  const { save } = useKeepCodes(tournamentId);
  const targets = useQuery(targetsQuery(tournamentId));
  const form = useForm<CodeFormValues, unknown, DiscountCodeInput>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: code
      ? {
          ...code,
          percent: code.percent === null ? '' : String(code.percent),
          amount: code.amountCents === null ? '' : centsToInput(code.amountCents),
          maxUses: String(code.maxUses),
          validFrom: code.validFrom ?? '',
          validUntil: code.validUntil ?? '',
        }
      : { code: '', kind: 'percent', percent: '', amount: '', levelIds: [], itemIds: [], maxUses: '1', validFrom: '', validUntil: '' },
  });
  const field = bindFields(form);
  const kind = form.watch('kind');
  const feedback = saveFeedback('Code', Boolean(code), onClose);
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: code?.id, input },
      {
        ...feedback,
        onError: (error) => {
          applyServerErrors(form, error, { fieldFor: (path) => SERVER_FIELDS[path] ?? (path as keyof CodeFormValues) });
          feedback.onError(error);
        },
      },
    ),
  );
  const appliesError = form.formState.errors.levelIds?.message;
  return (
    <FormDialog title={code ? 'Edit Code' : 'Add Code'} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Code" autoComplete="off" hint="Letters, digits and dashes; any case" {...field('code')} />
          <SelectField label="Discount" {...field('kind')}>
            <LabelledOptions values={['percent', 'amount', 'free'] as const} labels={CODE_KIND_LABELS} />
          </SelectField>
          {kind === 'percent' ? <Field label="Percent off" inputMode="numeric" {...field('percent')} /> : null}
          {kind === 'amount' ? <Field label="Amount off" inputMode="decimal" {...field('amount')} /> : null}
          <Field label="Number of uses" hint="Each team or item it prices is one use" inputMode="numeric" {...field('maxUses')} />
          <Field label="Valid from" type="date" hint="Optional" {...field('validFrom')} />
          <Field label="Valid until" type="date" hint="Optional; the whole day" {...field('validUntil')} />
        </div>
        <fieldset className="flex flex-col gap-2" aria-describedby={appliesError ? 'code-applies-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-stone-800">For</legend>
          {targets.data?.levels.map((level) => (
            <label key={level.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={level.id} className="size-4 accent-brand-800" {...form.register('levelIds')} />
              Level: {level.name}
            </label>
          ))}
          {targets.data?.items.map((item) => (
            <label key={item.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={item.id} className="size-4 accent-brand-800" {...form.register('itemIds')} />
              Item: {item.name}
            </label>
          ))}
          {targets.data && targets.data.levels.length + targets.data.items.length === 0 ? (
            <p className="text-sm text-stone-600">This tournament offers no levels or items yet.</p>
          ) : null}
          {appliesError ? (
            <p id="code-applies-error" role="alert" className="text-sm text-red-700">
              {appliesError}
            </p>
          ) : null}
        </fieldset>
        <FormActions onCancel={onClose} label={code ? 'Save Changes' : 'Add Code'} busyLabel="Saving…" busy={save.isPending} />
      </form>
    </FormDialog>
  );
}

export function AdminCodesPage() {
  const tournaments = useQuery(tournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const codes = useQuery(codesQuery(tournamentId));
  const targets = useQuery(targetsQuery(tournamentId));
  const { remove } = useKeepCodes(tournamentId);
  const [editing, setEditing] = useState<{ code: Code | null } | null>(null);
  const [deleting, setDeleting] = useState<Code | null>(null);
  const names = new Map([...(targets.data?.levels ?? []), ...(targets.data?.items ?? [])].map((t) => [t.id, t.name]));
  const dates = (code: Code) =>
    code.validFrom && code.validUntil
      ? `${code.validFrom} to ${code.validUntil}`
      : code.validUntil
        ? `until ${code.validUntil}`
        : code.validFrom
          ? `from ${code.validFrom}`
          : 'any day';

  return (
    <div className="flex flex-col gap-4">
      <AdminHeading title="Codes">Discount codes for team places and items: percent or amount off, or free.</AdminHeading>
      <TournamentPicker {...picker} className="max-w-md" />
      {tournamentId ? (
        <Card className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <CardTitle>Discount Codes</CardTitle>
              <p className="mt-1 text-sm text-stone-600">
                A use is counted when a registration or purchase is saved, and never given back.
              </p>
            </div>
            <Button onClick={() => setEditing({ code: null })}>
              <Plus aria-hidden className="size-4" /> Add Code
            </Button>
          </div>
          {codes.isPending ? (
            <p className="text-sm text-stone-600">Loading…</p>
          ) : !codes.data?.length ? (
            <p className="rounded-md bg-stone-100 p-4 text-sm text-stone-700">No codes yet.</p>
          ) : (
            <ul aria-label="Discount Codes" className="flex flex-col divide-y divide-stone-200">
              {codes.data.map((code) => (
                <li key={code.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1 basis-60">
                    <p className="font-mono font-semibold">{code.code}</p>
                    <p className="text-sm text-stone-700">
                      {codeTermsText(code)} · {code.uses} of {code.maxUses} used · {dates(code)}
                    </p>
                    <p className="text-sm text-stone-600">
                      For: {[...code.levelIds, ...code.itemIds].map((id) => names.get(id) ?? 'a removed level or item').join(', ')}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <EditDeleteActions name={code.code} onEdit={() => setEditing({ code })} onDelete={() => setDeleting(code)} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : (
        <p className="text-sm text-stone-600">Create a tournament first.</p>
      )}
      {editing ? <CodeDialog code={editing.code} tournamentId={tournamentId} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete code?"
        message={
          deleting ? (
            <p>
              <strong>{deleting.code}</strong> will be deleted. Payments made with it keep the code and its discount.
            </p>
          ) : null
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify.success('Code deleted');
              setDeleting(null);
            },
            onError: notifyFailure('Failed to delete code'),
          })
        }
      />
    </div>
  );
}
