import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';
import { JobRunner } from '../jobs/runner.ts';
import { createTestDatabase } from '../test/helper.ts';
import { asEngineWork, EngineLease, fenceTransactions, LeaseLost } from './lease.ts';

describe('the engine lease (docs/scaling.md, Standby engine)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  const expire = () => handle.db.execute(sql`update engine_leases set expires_at = now() - interval '1 second'`);

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = database.handle;
    await handle.migrate();
    fenceTransactions(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('is held by one node at a time; an expired lease passes on with a new epoch and fences the old holder', async () => {
    const lost: number[] = [];
    const a = new EngineLease(handle.db, { seconds: 5, node: 'a', onLost: (epoch) => lost.push(epoch) });
    const b = new EngineLease(handle.db, { seconds: 5, node: 'b' });
    expect(await a.acquire()).toBe(true);
    expect(a.epoch).toBe(1);
    expect(await b.acquire()).toBe(false);
    expect(await a.renew()).toBe(true);
    expect(await b.acquire()).toBe(false);

    // The holder's writes pass its fence while it holds the lease.
    const write = (lease: EngineLease) =>
      asEngineWork(lease.fence(), () => handle.db.transaction(async (tx) => tx.execute(sql`select 1`)));
    await write(a);
    const fenceOfA = a.fence();

    // A pause past the lease: another node takes it, and the old holder can neither renew nor write.
    await expire();
    expect(await b.acquire()).toBe(true);
    expect(b.epoch).toBe(2);
    const stale = asEngineWork(fenceOfA, () => handle.db.transaction(async (tx) => tx.execute(sql`select 1`)));
    await expect(stale).rejects.toBeInstanceOf(LeaseLost);
    expect(lost).toEqual([1]);
    expect(await a.renew()).toBe(false);
    await write(b);
    // Outside engine work nothing is fenced: API requests write as before.
    await handle.db.transaction(async (tx) => tx.execute(sql`select 1`));

    // A clean stop hands it back at once.
    await b.release();
    expect(await a.acquire()).toBe(true);
    expect(a.epoch).toBe(3);
    await a.release();
  });

  it("lets the new holder's job runner take over a period the old holder was running, at once", async () => {
    const a = new EngineLease(handle.db, { seconds: 5, node: 'jobs-a' });
    const b = new EngineLease(handle.db, { seconds: 5, node: 'jobs-b' });
    await expire();
    expect(await a.acquire()).toBe(true);
    const now = new Date('2026-12-02T10:00:00Z');
    let runs = 0;
    const job = {
      name: 'lease.test',
      periods: () => ['2026-12-02'],
      run: async () => {
        runs += 1;
        if (runs === 1) await expire().then(() => b.acquire());
        return 1;
      },
    };
    const runner = new JobRunner(handle.db);
    // The old holder's run dies with it: its end is not written, the period stays `running`.
    await asEngineWork(a.fence(), () => runner.runPeriod(job, '2026-12-02', now)).catch(() => undefined);
    const [left] = await handle.db.select().from(jobRuns).where(sql`${jobRuns.job} = 'lease.test'`);
    expect(left?.status).toBe('running');
    const report = await asEngineWork(b.fence(), () => runner.runPeriod(job, '2026-12-02', now));
    expect(report).toMatchObject({ status: 'done', items: 1 });
    const [done] = await handle.db.select().from(jobRuns).where(sql`${jobRuns.job} = 'lease.test'`);
    expect(done).toMatchObject({ status: 'done', attempts: 2, epoch: b.epoch });
    // Done is done: neither holder runs it again.
    expect(await asEngineWork(b.fence(), () => runner.runPeriod(job, '2026-12-02', now))).toBeUndefined();
    expect(runs).toBe(2);
  });
});
