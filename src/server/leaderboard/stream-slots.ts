// How many live-board streams each client address holds open in this process (issue 20 item 4, docs/decisions/065): one
// address may not take every file descriptor the process has. The address is the socket's (as for the sign-in limits:
// never a header a client can set), so behind a proxy every viewer shares the proxy's: raise the cap there.

export interface StreamSlots {
  /** A slot for one more stream from `address`, and the function that frees it (once); null past the cap. */
  take(address: string): (() => void) | null;
  /** Streams open from `address` now. */
  count(address: string): number;
  readonly perAddress: number;
}

export function createStreamSlots(perAddress: number): StreamSlots {
  const open = new Map<string, number>();
  return {
    perAddress,
    count: (address) => open.get(address) ?? 0,
    take(address) {
      const taken = open.get(address) ?? 0;
      if (taken >= perAddress) return null;
      open.set(address, taken + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      };
    },
  };
}
