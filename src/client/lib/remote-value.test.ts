// The first load's reads (who is signed in, the boards) behave as the react-query queries they replaced did for the
// screens that show them (docs/decisions/064).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { RemoteValue } from './remote-value';

afterEach(() => {
  vi.useRealTimers();
});

const networkDown = () => new ApiError(0, 'NETWORK', 'Cannot reach the server.');

describe('RemoteValue', () => {
  it('screens opening join the request on its way, and it is pending until its answer', async () => {
    const load = vi.fn(async () => 'lee');
    const value = new RemoteValue(load);
    expect(value.get()).toMatchObject({ isPending: true, data: undefined });
    const first = value.refetch();
    value.ensure();
    value.ensure();
    await first;
    expect(load).toHaveBeenCalledTimes(1);
    expect(value.get()).toMatchObject({ isPending: false, isError: false, data: 'lee' });
  });

  it('preload: asks at once, tells nobody until a screen asks, and that screen gets the same answer', async () => {
    const load = vi.fn(async () => 'lee');
    const value = new RemoteValue(load);
    const told = vi.fn();
    value.subscribe(told);
    value.preload();
    await Promise.resolve();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    expect(told).not.toHaveBeenCalled();
    expect(value.get()).toMatchObject({ isPending: true, data: undefined });
    value.ensure();
    await vi.waitFor(() => expect(value.get()).toMatchObject({ isPending: false, data: 'lee' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('preload: a refetch (after signing in) asks again rather than take the preloaded answer', async () => {
    const answers = ['nobody', 'lee'];
    const load = vi.fn(async () => answers.shift()!);
    const value = new RemoteValue(load);
    value.preload();
    await value.refetch();
    expect(value.get().data).toBe('lee');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload: a value set another way (signing out) is not replaced by the preloaded answer later', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => 'lee');
    const value = new RemoteValue(load, 60_000);
    value.preload();
    value.set('nobody');
    vi.advanceTimersByTime(61_000);
    value.ensure();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(value.get().data).toBe('lee');
  });

  it('preload: a failed preload is retried when a screen asks', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(networkDown()).mockResolvedValue('lee');
    const value = new RemoteValue(load);
    value.preload();
    vi.useFakeTimers();
    value.ensure();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(value.get()).toMatchObject({ isPending: false, data: 'lee' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a refetch (after signing in) drops the answer to a request sent before it, however late it comes', async () => {
    const answers: ((me: string | null) => void)[] = [];
    const value = new RemoteValue(() => new Promise<string | null>((resolve) => answers.push(resolve)));
    const before = value.refetch(); // sent while signed out
    const after = value.refetch(); // sent once signed in
    answers[1]!('lee');
    await after;
    answers[0]!(null);
    await before;
    expect(value.get().data).toBe('lee');
  });

  it('retries a network failure (1 s, 2 s), then gives up after the third', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async (): Promise<string> => {
      throw networkDown();
    });
    const value = new RemoteValue(load);
    const done = value.refetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(value.get()).toMatchObject({ isPending: true, failureCount: 1 });
    await vi.advanceTimersByTimeAsync(3_000);
    await done;
    expect(load).toHaveBeenCalledTimes(3);
    expect(value.get()).toMatchObject({ isPending: false, isError: true, failureCount: 3 });
  });

  it('does not retry a refusal (a 4xx is the answer)', async () => {
    const load = vi.fn(async (): Promise<string> => {
      throw new ApiError(403, 'FORBIDDEN', 'No');
    });
    const value = new RemoteValue(load);
    await value.refetch();
    expect(load).toHaveBeenCalledTimes(1);
    expect(value.get().isError).toBe(true);
  });

  it('keeps the data it has when a refetch fails: not an error to show over it', async () => {
    const value = new RemoteValue<string>(async () => {
      throw new ApiError(500, 'HTTP_500', 'Down');
    });
    value.set('boards');
    await value.refetch({ retry: () => false });
    expect(value.get()).toMatchObject({ data: 'boards', isError: false, isPending: false });
  });

  it('retries for ever when told (TV mode), counting the failures while still pending', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const value = new RemoteValue(async () => {
      calls += 1;
      if (calls < 8) throw networkDown();
      return 'boards';
    });
    const stop = value.subscribe(() => undefined); // the TV page shows it
    value.ensure({ retry: () => true, retryDelay: () => 10 });
    await vi.advanceTimersByTimeAsync(15);
    expect(calls).toBe(2);
    value.set((boards) => boards); // the live stream's first event, before any board has loaded: no change
    expect(value.get()).toMatchObject({ isPending: true, failureCount: 2 });
    value.invalidate(); // the service worker took charge (app.tsx): asked again, and still retried the TV's way
    await vi.advanceTimersByTimeAsync(35);
    expect(calls).toBe(6);
    expect(value.get()).toMatchObject({ isPending: true, failureCount: 4 });
    await vi.advanceTimersByTimeAsync(100);
    expect(value.get()).toMatchObject({ isPending: false, data: 'boards', failureCount: 0 });
    stop();
  });

  it('ensure: loads when never loaded or stale, not while fresh; invalidate reloads only what is on screen', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => 'me');
    const value = new RemoteValue(load, 60_000);
    value.ensure();
    await vi.advanceTimersByTimeAsync(0);
    value.ensure();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(61_000);
    value.ensure();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);

    value.invalidate(); // nobody shows it: loaded when next shown
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    const seen = vi.fn();
    const stop = value.subscribe(seen);
    value.invalidate();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    expect(seen).toHaveBeenCalled();
    stop();
  });

  it('requestAgain: asks once more for a value it has, and nobody showing it hears of the answer', async () => {
    let answer = 'board 1';
    const load = vi.fn(async () => answer);
    const value = new RemoteValue(load);
    value.requestAgain(); // never read: nothing for the worker to keep
    expect(load).not.toHaveBeenCalled();
    await value.refetch();
    const seen = vi.fn();
    value.subscribe(seen);
    answer = 'board 2';
    value.requestAgain();
    expect(load).toHaveBeenCalledTimes(2);
    await load.mock.results[1]!.value;
    await Promise.resolve();
    expect(seen).not.toHaveBeenCalled();
    expect(value.get().data).toBe('board 1');
  });
});
