import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../test/helper.ts';
import { type Job, JobRunner } from './runner.ts';
import { dailyPeriods, nextDaily } from './schedules.ts';

let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  handle = database.handle;
  drop = database.drop;
  await handle.migrate();
});
afterAll(async () => {
  await handle.close();
  await drop();
});

/** A daily job at 21:00 UTC that records the periods it ran. */
function dailyJob(name: string, ran: string[], fail?: (period: string) => boolean): Job {
  return {
    name,
    periods: (now, lastDone) => dailyPeriods(now, lastDone, 21 * 60),
    next: (now) => nextDaily(now, 21 * 60),
    async run({ period }) {
      if (fail?.(period)) throw new Error(`no data for ${period}`);
      ran.push(period);
      return 1;
    },
  };
}

describe('jobs runner', () => {
  it('runs a period once, catches up missed periods after a pause, and never runs one twice', async () => {
    let now = Date.parse('2026-11-20T21:05:00Z');
    const ran: string[] = [];
    const runner = new JobRunner(handle.db, { clock: () => now });
    runner.register(dailyJob('accrual', ran));

    await runner.runDue();
    expect(ran).toEqual(['2026-11-20']);
    await runner.runDue();
    expect(ran).toEqual(['2026-11-20']);

    // The node was down for three days: the next pass runs every missed day, in order.
    now = Date.parse('2026-11-23T22:00:00Z');
    await runner.runDue();
    expect(ran).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);

    // A restart (a new runner on the same database) finds them done.
    const restarted = new JobRunner(handle.db, { clock: () => now });
    const again: string[] = [];
    restarted.register(dailyJob('accrual', again));
    await restarted.runDue();
    expect(again).toEqual([]);
  });

  it('lets exactly one of two nodes run a period', async () => {
    const now = Date.parse('2026-11-20T21:30:00Z');
    const ran: string[] = [];
    const first = new JobRunner(handle.db, { clock: () => now });
    const second = new JobRunner(handle.db, { clock: () => now });
    first.register(dailyJob('race', ran));
    second.register(dailyJob('race', ran));
    await Promise.all([first.runDue(), second.runDue()]);
    expect(ran).toEqual(['2026-11-20']);
  });

  it('retries a failed period on the next pass and reports failures in the status', async () => {
    let now = Date.parse('2026-11-20T21:10:00Z');
    const ran: string[] = [];
    let broken = true;
    const runner = new JobRunner(handle.db, { clock: () => now });
    runner.register(dailyJob('flaky', ran, () => broken));

    const [report] = await runner.runDue();
    expect(report).toMatchObject({ period: '2026-11-20', status: 'failed', error: 'no data for 2026-11-20' });
    const [failed] = await runner.status();
    expect(failed).toMatchObject({
      name: 'flaky',
      lastStatus: 'failed',
      failures: 1,
      lastError: 'no data for 2026-11-20',
    });
    expect(failed?.nextRunAt).toBe('2026-11-21T21:00:00.000Z');

    broken = false;
    now += 60_000;
    await runner.runDue();
    expect(ran).toEqual(['2026-11-20']);
    const [recovered] = await runner.status();
    expect(recovered).toMatchObject({ lastStatus: 'done', failures: 0, lastError: null });
  });

  it('does not run a day before its time', async () => {
    expect(dailyPeriods(new Date('2026-11-20T20:59:00Z'), '2026-11-19', 21 * 60)).toEqual([]);
    expect(dailyPeriods(new Date('2026-11-20T21:00:00Z'), '2026-11-19', 21 * 60)).toEqual(['2026-11-20']);
    expect(dailyPeriods(new Date('2026-11-20T21:00:00Z'), undefined, 21 * 60)).toEqual(['2026-11-20']);
  });
});
