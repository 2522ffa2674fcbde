// What score entry says about the phone's outbox (R32): per hole 'Unsaved changes', 'Saved on this phone' or 'Synced',
// how many saves wait to be sent, and each cell someone else changed meanwhile, with both values to choose from.
import { Check, PencilLine, Smartphone } from 'lucide-react';
import type { PlayerName } from '../../shared/tournament-day';
import { fullName } from '../lib/format';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import type { StoredConflict } from './outbox';

/** A hole's scores (changed and not saved yet, saved on this phone and waiting, on the server): words, mark, grid colour. */
const HOLE_SYNC = {
  unsaved: { label: 'Unsaved changes', Icon: PencilLine, colour: 'text-red-700' },
  phone: { label: 'Saved on this phone', Icon: Smartphone, colour: 'text-amber-800' },
  synced: { label: 'Synced', Icon: Check, colour: 'text-green-800' },
} as const;
/** One of those, or null: nothing scored on the hole. */
export type HoleSync = keyof typeof HOLE_SYNC | null;

/** A hole's state as a small mark with its words (the grid), or as words (one hole at a time). */
export function HoleSyncMark({ status, compact = false }: { status: HoleSync; compact?: boolean }) {
  if (!status) return compact ? null : <span className="text-sm text-brand-100">Not scored yet</span>;
  const { label, Icon, colour } = HOLE_SYNC[status];
  return (
    <span
      title={compact ? label : undefined}
      data-hole-sync={status}
      className={cn('inline-flex items-center gap-1', compact ? colour : 'text-sm font-medium')}
    >
      <Icon aria-hidden className="size-4" />
      <span className={compact ? 'sr-only' : undefined}>{label}</span>
    </span>
  );
}

export function waitingText(count: number, online: boolean) {
  if (count === 0) return null;
  const saves = count === 1 ? '1 save' : `${count} saves`;
  return online
    ? `${saves} waiting to sync. Sending…`
    : `Offline: ${saves} waiting on this phone. They are sent by themselves when the connection returns.`;
}

/** Cells someone else changed while this phone's save was on its way: both values, and the scorer chooses. */
export function ConflictList({
  conflicts,
  players,
  onResolve,
}: {
  conflicts: readonly StoredConflict[];
  players: PlayerName[];
  onResolve: (c: StoredConflict, keep: 'mine' | 'theirs') => void;
}) {
  if (conflicts.length === 0) return null;
  const nameOf = (id: string) => {
    const player = players.find((p) => p.id === id);
    return player ? fullName(player) : 'A golfer';
  };
  const shown = (strokes: number) => (strokes === 0 ? 'empty' : String(strokes));
  return (
    <section role="alert" aria-labelledby="conflicts-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id="conflicts-heading" className="font-semibold text-amber-950">
        Someone else changed {conflicts.length === 1 ? 'a score' : `${conflicts.length} scores`} you also changed
      </h3>
      <p className="mt-1 text-sm text-amber-950">Choose the score to keep for each. Until you choose, the card shows theirs.</p>
      <ul className="mt-3 flex flex-col gap-2">
        {conflicts.map((c) => (
          <li
            key={c.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white p-3"
            data-conflict={`${c.playerId}:${c.holeNumber}`}
          >
            <span className="text-sm">
              <span className="font-semibold">Hole {c.holeNumber}</span> · {nameOf(c.playerId)}: yours <strong>{shown(c.mine)}</strong>,
              theirs <strong>{shown(c.theirs)}</strong>
            </span>
            <span className="flex gap-2">
              <Button size="sm" onClick={() => onResolve(c, 'mine')}>
                Keep mine ({shown(c.mine)})
              </Button>
              <Button size="sm" variant="secondary" onClick={() => onResolve(c, 'theirs')}>
                Keep theirs ({shown(c.theirs)})
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
