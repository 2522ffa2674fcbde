// How many live-board streams each client address, and the process as a whole, hold open (issue 20 item 4, docs/decisions/065;
// issue 31 item 5, docs/decisions/095): one address may not take every file descriptor the process has, nor may all of them
// together. The address is the socket's (as for the sign-in limits: never a header a client can set), so behind a proxy
// every viewer shares the proxy's: raise STREAMS_PER_ADDRESS there.
import type { StreamCaps } from './stream-limits';

/** Why no slot was given: the address holds its share ('address'), or the process holds all it may ('process'). */
export type StreamRefusal = 'address' | 'process';

export interface StreamSlots {
  /** A slot for one more stream from `address` and the function that frees it (once), or why there is none. */
  take(address: string): (() => void) | StreamRefusal;
  /** Streams open from `address` now. */
  count(address: string): number;
  /** Streams open now, from every address. */
  readonly total: number;
  readonly perAddress: number;
  readonly overall: number;
}

export function createStreamSlots({ perAddress, overall }: StreamCaps): StreamSlots {
  const open = new Map<string, number>();
  let total = 0;
  return {
    perAddress,
    overall,
    get total() {
      return total;
    },
    count: (address) => open.get(address) ?? 0,
    take(address) {
      const taken = open.get(address) ?? 0;
      if (taken >= perAddress) return 'address';
      if (total >= overall) return 'process';
      open.set(address, taken + 1);
      total++;
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        total--;
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      };
    },
  };
}
