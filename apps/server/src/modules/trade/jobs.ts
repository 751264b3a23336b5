import type { Job } from '../../jobs/runner.ts';
import type { TradeEngine } from './engine.ts';

const periodMs = 60_000;

/** `2026-11-20T14:31`: one period per minute. */
function minuteOf(time: number): string {
  return new Date(Math.floor(time / periodMs) * periodMs).toISOString().slice(0, 16);
}

/**
 * Day orders expire at their session's close (docs/trading.md, Time in force): every minute the
 * job expires the pending day orders whose close has passed. One period covers everything overdue,
 * so a restart catches up with the first run.
 */
export function tradeExpireJob(engine: TradeEngine): Job {
  return {
    name: 'trade.expire',
    periods(now, lastDone) {
      const current = minuteOf(now.getTime());
      return lastDone === undefined || lastDone < current ? [current] : [];
    },
    run: ({ now }) => engine.expire(now),
    next: (now) => new Date(Math.floor(now.getTime() / periodMs) * periodMs + periodMs),
  };
}
