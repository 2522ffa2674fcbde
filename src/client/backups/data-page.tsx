// /admin/data (admin only, R46): the last scheduled backup copy (file, size, time), whether copies are on, and the
// commands that take and restore a copy by hand.
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { formatBytes } from '../../shared/file-size';
import { AdminHeading } from '../admin/admin-heading';
import { formatDateTime } from '../lib/format';
import { useFailureToast } from '../lib/use-failure-toast';
import { Card, CardTitle } from '../ui/card';
import { ListState } from '../ui/table';
import { backupStatusQuery, type BackupStatus } from './queries';

const hours = (n: number) =>
  n === 1 ? 'every hour' : n % 24 === 0 ? (n === 24 ? 'every day' : `every ${n / 24} days`) : `every ${n} hours`;

export function DataPage() {
  const status = useQuery(backupStatusQuery());
  useFailureToast(status.isError, 'Failed to load data');
  const data = status.data;
  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Data">Backup copies of the portal's records: registrations, payments, receipts and scores.</AdminHeading>
      <ListState
        loading={status.isPending}
        error={status.isError && !data}
        empty={false}
        emptyText=""
        onRetry={() => void status.refetch()}
      />
      {data ? <ScheduledCopies data={data} /> : null}
      <Card>
        <CardTitle>By hand</CardTitle>
        <p className="mt-2 text-sm text-stone-700">
          On the server, while the portal runs (into a folder only the portal&apos;s user can enter: a new one is made so):
        </p>
        <Command>npm run backup -- --out backups/golf.backup</Command>
        <p className="mt-3 text-sm text-stone-700">
          To restore, stop the server, then restore into a new database of either kind, or one the portal has only been started on; start
          the server after. A backup holds no sign-ins: everyone signs in again. Into PostgreSQL:
        </p>
        <Command>{'DATABASE_URL=postgres://…/golf \\\n  npm run restore -- backups/golf.backup'}</Command>
        <p className="mt-3 text-sm text-stone-700">Into a new folder for the embedded database:</p>
        <Command>{'DATA_DIR=./data-restored \\\n  npm run restore -- backups/golf.backup'}</Command>
      </Card>
    </div>
  );
}

function ScheduledCopies({ data }: { data: BackupStatus }) {
  const { schedule, lastCopy, lastFailure } = data;
  return (
    <Card>
      <CardTitle>Scheduled copies</CardTitle>
      {schedule ? (
        <p className="mt-2 text-sm text-stone-700">
          On: a copy {hours(schedule.everyHours)} in <BreakableName text={schedule.dir} />, the newest {schedule.keep} kept.
        </p>
      ) : (
        <p className="mt-2 text-sm text-stone-700">
          Off: set <code className="font-mono">BACKUP_DIR</code> (and <code className="font-mono">BACKUP_EVERY_HOURS</code>) for the server
          to write copies on schedule.
        </p>
      )}
      {lastCopy ? (
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_1fr_1fr]">
          <Fact label="Last copy" value={<BreakableName text={lastCopy.fileName} />} />
          <Fact label="Size" value={formatBytes(lastCopy.bytes)} />
          <Fact label="Written" value={formatDateTime(lastCopy.finishedAt, { withZone: true })} />
        </dl>
      ) : (
        <p className="mt-4 text-sm text-stone-600">No scheduled copy has been written yet.</p>
      )}
      {lastFailure ? (
        <p role="alert" className="mt-4 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          The copy started {formatDateTime(lastFailure.at, { withZone: true })} failed: {lastFailure.error}
        </p>
      ) : null}
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-1 text-sm text-stone-900">{value}</dd>
    </div>
  );
}

/**
 * A folder path or file name that may wrap on a phone: after each / and - (golf-portal-2026-11-26T12-00-03Z.backup breaks
 * between its date's parts, not inside a number), and inside a part only when one alone is wider than the line.
 */
function BreakableName({ text }: { text: string }) {
  const parts = text.split(/(?<=[/-])/);
  return (
    <span className="font-mono [overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A command to type on the server: wrapped where a phone is too narrow (a scrolled box is out of a keyboard's reach). */
function Command({ children }: { children: ReactNode }) {
  return <pre className="mt-2 rounded bg-stone-100 p-3 text-sm whitespace-pre-wrap wrap-anywhere">{children}</pre>;
}
