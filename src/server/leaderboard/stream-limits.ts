// How many live-board streams this process may hold, from its file descriptor limit (issue 31 item 5, docs/decisions/095):
// every stream is a socket, and a process out of descriptors accepts and drops every other connection, health included.
import { readFileSync } from 'node:fs';

export interface StreamCaps {
  /** Streams one client address may hold open (STREAMS_PER_ADDRESS when set). */
  perAddress: number;
  /** Streams the whole process may hold open, whatever their addresses: past it, 503. */
  overall: number;
}

/** Where nothing says the limit (no /proc: macOS, Windows): the usual soft limit, small on purpose. */
export const FALLBACK_DESCRIPTOR_LIMIT = 1024;
/** A course's Wi-Fi puts hundreds of phones behind one address, each page one stream (docs/decisions/065). */
export const MOST_STREAMS_PER_ADDRESS = 2_000;

/** The soft "Max open files" of a /proc/<pid>/limits text; null when absent or unlimited. */
export function openFilesLimit(limitsText: string): number | null {
  const line = limitsText.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  return soft && /^\d+$/.test(soft) ? Number(soft) : null;
}

/** This process's descriptor limit (RLIMIT_NOFILE's soft limit, which Node raises to the hard one at start), read on Linux. */
export function descriptorLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number {
  try {
    return openFilesLimit(read()) ?? FALLBACK_DESCRIPTOR_LIMIT;
  } catch {
    return FALLBACK_DESCRIPTOR_LIMIT;
  }
}

/**
 * A quarter of the descriptors (at least 128) stay for everything that is not a stream: the database pool and files, the
 * mail connection, every other request. Streams share the rest, and one address takes at most half of it (and never more
 * than 2,000), so another address always finds room. An explicit STREAMS_PER_ADDRESS wins for one address; the overall cap
 * still holds.
 */
export function streamCaps(limit: number, perAddressSetting: number | null): StreamCaps {
  const reserved = Math.max(128, Math.ceil(limit / 4));
  const overall = Math.max(1, limit - reserved);
  const perAddress = perAddressSetting ?? Math.max(1, Math.min(MOST_STREAMS_PER_ADDRESS, Math.floor(overall / 2)));
  return { perAddress, overall };
}
