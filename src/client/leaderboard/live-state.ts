// How a board's heading says whether the page is live and when the board was last updated: for the app's heading
// (board-heading.tsx) and for the phone's live board, which changes the server's heading in place (board-island.ts).
import { cn } from '../ui/cn';

/** `offline`: the browser has no connection; the page keeps the last boards it received (R32) and catches up once back. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export const LIVE_LABELS: Record<Exclude<LiveState, 'offline'>, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

/** The live status (the dot and its word). */
export const liveStatusClass = (state: LiveState) =>
  cn('flex items-center gap-2 font-medium', state === 'live' ? 'text-green-800' : 'text-amber-800');

/**
 * The live dot is still: a dot that pulses for ever makes the phone draw a new frame sixty times a second for as long as
 * the board is open (battery outdoors; on the first load it took the main thread's share of the CPU, docs/decisions/122).
 * It pulses three times when an update arrives after the first (`updated`), the moment worth the eye.
 */
export const liveDotClass = (state: LiveState, tv: boolean, updated: boolean) =>
  cn(
    'inline-block size-3.5 rounded-full',
    tv && 'xl:size-4',
    state === 'live' ? 'bg-brand-600' : 'bg-amber-700',
    updated && 'motion-safe:animate-[pulse_1s_ease-in-out_3]',
  );

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * An instant's time of day on the reader's clock as en-US writes it, by hand (no Intl formatter on the first load,
 * docs/decisions/118): '3:04:05 PM' (the medium time style) or, with `hoursMinutes`, '03:04 PM'.
 */
export function formatClockTime(iso: string, { hoursMinutes = false } = {}): string {
  const at = new Date(iso);
  const hour = at.getHours() % 12 || 12;
  const half = at.getHours() < 12 ? 'AM' : 'PM';
  return hoursMinutes
    ? `${twoDigits(hour)}:${twoDigits(at.getMinutes())} ${half}`
    : `${hour}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())} ${half}`;
}
