// R39, R59: 'Send year statements': each payer of a calendar year gets one e-mail with their own statement link, through the
// queue. Sent again for the same year, only payers not yet sent it are written to.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notifyFailure } from '../admin/notify-failure';
import { api, ApiError } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { notify } from '../lib/toast';
import { yearStatementsSchema } from '../../shared/year-statement-schemas';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';

export function YearStatements() {
  // In January the year to send is the one just ended.
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (body: { year: number }) => api<ApiAnswer<'/api/admin/year-statements', 'post'>>('/api/admin/year-statements', { body }),
    onSuccess: ({ recipientCount }) =>
      notify.success(`Statements for ${year} queued for ${recipientCount} ${recipientCount === 1 ? 'payer' : 'payers'}`),
    onError: (failure) => {
      if (failure instanceof ApiError && failure.fields?.year) setError(failure.fields.year);
      notifyFailure('Statements not sent')(failure);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = yearStatementsSchema.safeParse({ year: /^\d+$/.test(year.trim()) ? Number(year.trim()) : NaN });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    send.mutate(parsed.data);
  };
  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Year statements</h2>
        <p className="text-sm text-stone-700">
          Every payer of the year (teams, items, add-ons, gifts, across all tournaments) gets one e-mail with the link to their statement.
          Anyone already sent that year's statement is not written to again.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Year" inputMode="numeric" className="w-32" value={year} error={error} onChange={(e) => setYear(e.target.value)} />
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Queueing…' : 'Send Year Statements'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
