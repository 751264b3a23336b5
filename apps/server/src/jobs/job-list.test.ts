import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { api } from '../test/http.ts';
import { ipoOfferInput } from '../test/products.ts';
import { createOperator, type Headers } from '../test/wallet.ts';

let now = Date.parse('2026-11-15T10:00:00Z');
let t: TestApp;
let admin: { headers: Headers };
let trading: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp({}, { jobs: { clock: () => now } });
  admin = await createOperator(t.app, { role: 'admin' });
  trading = await createOperator(t.app, { role: 'trading' });
});
afterAll(() => t.close());

async function nextRuns(): Promise<Record<string, string | null>> {
  const list = await api(t.app).get('admin/job/list', { headers: admin.headers });
  expect(list.statusCode, list.body).toBe(200);
  return Object.fromEntries(
    list.json().data.map((job: { name: string; nextRunAt: string | null }) => [job.name, job.nextRunAt]),
  );
}

describe('the jobs page’s next runs', () => {
  it('names the next run of every scheduled job', async () => {
    const next = await nextRuns();
    expect(next).toMatchObject({
      'loan.accrue': '2026-11-16T00:00:00.000Z',
      'portfolio.snapshot': '2026-11-16T00:00:00.000Z',
      'statement.month': '2026-12-01T00:00:00.000Z',
    });
    expect(Date.parse(next['quant.accrue'] ?? '')).toBeGreaterThan(now);
    // No offer yet: the IPO jobs have nothing scheduled.
    expect(next['ipo.allot']).toBeNull();
    expect(next['ipo.list']).toBeNull();
  });

  it('shows the IPO allotment and listing at the times of the next offer, and "now" once one is due', async () => {
    const created = await api(t.app).post(
      'admin/ipo/offer/create',
      ipoOfferInput('TJOB', { priceMin: '10', priceMax: '10' }),
      { headers: trading.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await nextRuns()).toMatchObject({
      'ipo.allot': '2026-11-21T00:00:00.000Z',
      'ipo.list': '2026-11-24T14:30:00.000Z',
    });

    // Past the allotment time, at a fixed price: due at the next pass; its listing is still ahead.
    now = Date.parse('2026-11-21T00:00:05Z');
    expect(await nextRuns()).toMatchObject({
      'ipo.allot': '2026-11-21T00:00:05.000Z',
      'ipo.list': '2026-11-24T14:30:00.000Z',
    });

    // Allotted by the runner: nothing more to allot.
    await t.app.jobs.runDue(new Date(now));
    expect(await nextRuns()).toMatchObject({ 'ipo.allot': null, 'ipo.list': '2026-11-24T14:30:00.000Z' });
  });
});
