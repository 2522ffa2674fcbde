// Reads a Server-Sent Events response as a browser's EventSource would: events with their name, data and retry hint;
// comments (heartbeats) counted. For tests of the live leaderboard, in-process or against a real server. A board's patch
// is applied as the page applies it (docs/decisions/128) and read as the whole board it makes, marked `patched`; one that
// does not apply to the board the stream sent before fails the read.
import { applyBoardPatch, LEADERBOARD_PATCH_EVENT, type BoardPatch, type PatchableBoard } from '../../shared/stream-patch';
import { LEADERBOARD_EVENT } from '../leaderboard/leaderboard-feed';

export interface ServerSentEvent {
  event: string;
  data: string;
  retry?: number;
  /** A `leaderboard` event made from a patch (the event on the wire was `leaderboard-patch`). */
  patched?: boolean;
}

export interface EventReader {
  /** The next event (not comment), waiting for it; throws when the stream ends first. */
  next(): Promise<ServerSentEvent>;
  /** The next event whose data satisfies `accept`, skipping others. */
  until(accept: (event: ServerSentEvent) => boolean): Promise<ServerSentEvent>;
  /** Comment lines (`: …`) seen so far. */
  comments(): number;
  /** Reads on (keeping events for next()) until `n` comments have been seen. */
  waitForComments(n: number): Promise<void>;
  close(): Promise<void>;
}

export function readEvents(response: Response): EventReader {
  if (!response.body) throw new Error('The response has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let comments = 0;
  const parsed: ServerSentEvent[] = [];
  /** The last board per tournament, whole or patched. */
  const boards = new Map<string, PatchableBoard>();
  const board = (event: ServerSentEvent): ServerSentEvent => {
    if (event.event === LEADERBOARD_EVENT) {
      const whole = JSON.parse(event.data) as PatchableBoard;
      boards.set(whole.tournament.id, whole);
    }
    if (event.event !== LEADERBOARD_PATCH_EVENT) return event;
    const patch = JSON.parse(event.data) as BoardPatch;
    const before = boards.get(patch.tournamentId);
    const after = before && applyBoardPatch(before, patch);
    if (!after) throw new Error(`A patch from ${patch.from} to a board the stream sent at ${before?.updatedAt ?? 'no time'}`);
    boards.set(patch.tournamentId, after);
    return { ...event, event: LEADERBOARD_EVENT, data: JSON.stringify(after), patched: true };
  };

  const parseBlock = (block: string) => {
    const event: ServerSentEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments++;
      else if (line.startsWith('event: ')) event.event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
      else if (line.startsWith('retry: ')) event.retry = Number(line.slice(7));
    }
    if (data.length) parsed.push(board({ ...event, data: data.join('\n') }));
  };

  /** Reads one more chunk and parses the complete blocks in it. */
  const readMore = async () => {
    const { done, value } = await reader.read();
    if (done) throw new Error('The event stream ended');
    buffer += value.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  };

  const next = async (): Promise<ServerSentEvent> => {
    for (;;) {
      const ready = parsed.shift();
      if (ready) return ready;
      await readMore();
    }
  };

  return {
    next,
    async until(accept) {
      for (;;) {
        const event = await next();
        if (accept(event)) return event;
      }
    },
    comments: () => comments,
    async waitForComments(n) {
      while (comments < n) await readMore();
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
