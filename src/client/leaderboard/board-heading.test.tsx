// @vitest-environment happy-dom
// The board's heading on the first load (docs/decisions/118): its dates and 'Updated' time read as en-US's Intl writes them,
// without making an Intl formatter (a page's first costs a phone's main thread 0.1–0.25 s, the leaderboard's longest task).
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { enableActEnvironment } from '../test/act-environment';
import type { Leaderboard } from './queries';
import { BoardHeading } from './board-heading';
import { formatClockTime } from './live-state';

const DAY_MS = 24 * 60 * 60 * 1000;

const board = {
  tournament: { id: 't1', name: 'Spring Open', startDate: '2026-05-01', endDate: '2026-05-02' },
  holeCount: 18,
  rules: { format: 'scramble', netScoring: true },
  rows: [],
  sideGames: { skins: null, contests: [] },
  updatedAt: '2026-05-01T15:04:05.000Z',
} as unknown as Leaderboard;

it('writes the dates and the time of the last update as Intl would, without an Intl formatter', () => {
  const at = new Date(board.updatedAt);
  const expected = {
    dates: `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-05-01T00:00:00Z'))} – May 2, 2026`,
    updated: new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' }).format(at),
    offline: new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' }).format(at),
  };
  const made = vi.spyOn(Intl, 'DateTimeFormat');
  try {
    const live = renderToString(<BoardHeading board={board} live="live" tv={false} />);
    const offline = renderToString(<BoardHeading board={board} live="offline" tv={false} />);
    expect(made).not.toHaveBeenCalled();
    expect(live).toContain(expected.dates);
    expect(live).toContain(`Updated <!-- -->${expected.updated}`);
    expect(offline).toContain(`Offline — last updated <!-- -->${expected.offline}`);
  } finally {
    made.mockRestore();
  }
});

describe('formatClockTime', () => {
  it("writes every minute of a day, on the reader's clock, as Intl's en-US medium time and two-digit hour and minute", () => {
    const medium = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });
    const hoursMinutes = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });
    const start = new Date(2026, 10, 29).getTime();
    for (let at = start; at < start + DAY_MS; at += 60_000 + 7_000) {
      const iso = new Date(at).toISOString();
      expect(formatClockTime(iso)).toBe(medium.format(new Date(at)));
      expect(formatClockTime(iso, { hoursMinutes: true })).toBe(hoursMinutes.format(new Date(at)));
    }
    expect(formatClockTime(new Date(2026, 10, 29, 0, 5, 9).toISOString())).toBe('12:05:09 AM');
    expect(formatClockTime(new Date(2026, 10, 29, 12, 0, 0).toISOString(), { hoursMinutes: true })).toBe('12:00 PM');
  });
});

describe('the live dot', () => {
  enableActEnvironment();
  const dot = (container: HTMLElement) => container.querySelector('[role="status"] > span[aria-hidden]')!;

  it('is still on the first board and pulses (three times, not for ever) only when an update arrives', () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<BoardHeading board={board} live="live" tv={false} />));
    expect(dot(container).className).not.toContain('animate');
    // The stream's first message: the same board, the same updatedAt (leaderboard-feed keeps it): still still.
    act(() => root.render(<BoardHeading board={{ ...board }} live="live" tv={false} />));
    expect(dot(container).className).not.toContain('animate');
    const first = dot(container);
    act(() => root.render(<BoardHeading board={{ ...board, updatedAt: '2026-05-01T15:05:00.000Z' }} live="live" tv={false} />));
    expect(dot(container).className).toContain('motion-safe:animate-[pulse_1s_ease-in-out_3]');
    // A second update restarts the pulse: a new element, so the animation plays again.
    const pulsing = dot(container);
    expect(pulsing).not.toBe(first);
    act(() => root.render(<BoardHeading board={{ ...board, updatedAt: '2026-05-01T15:06:00.000Z' }} live="live" tv={false} />));
    expect(dot(container)).not.toBe(pulsing);
    expect(dot(container).className).toContain('animate-[pulse');
    act(() => root.unmount());
  });

  it('never pulses while reconnecting', () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<BoardHeading board={board} live="reconnecting" tv={false} />));
    act(() => root.render(<BoardHeading board={{ ...board, updatedAt: '2026-05-01T15:05:00.000Z' }} live="reconnecting" tv={false} />));
    expect(dot(container).className).not.toContain('animate');
    act(() => root.unmount());
  });
});
