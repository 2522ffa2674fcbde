// The auction's periodic closer (R55): every 15 seconds, and at start-up, closes the lots whose close has passed and queues
// the winners' e-mails (closing.ts). Pages that read lots close them too, so a lot never waits for this pass to end.
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Logger } from '../logger';
import { startPeriodicTask, type PeriodicTask } from '../periodic-task';
import { closeDueLots, type CloseResult } from './closing';

export const CLOSE_INTERVAL_MS = 15_000;

export interface CloserDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'currency'>;
  logger: Logger;
  now: () => Date;
}

export function startAuctionCloser(deps: CloserDeps, options: { intervalMs?: number } = {}): PeriodicTask<CloseResult> {
  const pass = async () => {
    const result = await closeDueLots(deps.db, deps.now(), { appUrl: deps.config.appUrl, currency: deps.config.currency });
    if (result.closed.length) deps.logger.info('auction lots closed', { lots: result.closed.length, mailed: result.mailed.length });
    return result;
  };
  return startPeriodicTask(pass, options.intervalMs ?? CLOSE_INTERVAL_MS, (error) =>
    deps.logger.error('auction closing failed', { error: String(error) }),
  );
}
