import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioSnapshots } from '../../db/schema/index.ts';
import { api } from '../../test/http.ts';
import { novemberScenario, type Scenario } from '../../test/portfolio-kit.ts';
import { expectLedgerVerified } from '../../test/wallet.ts';
import { sides } from '../trade/index.ts';

let s: Scenario;

beforeAll(async () => {
  s = await novemberScenario();
});
afterAll(() => s.t.close());

async function snapshot(date: string) {
  const [row] = await s.t.app.db
    .select()
    .from(portfolioSnapshots)
    .where(and(eq(portfolioSnapshots.userId, s.member.user.id), eq(portfolioSnapshots.date, date)));
  if (!row) throw new Error(`no snapshot of ${date}`);
  return row;
}

const cashOf = (row: Awaited<ReturnType<typeof snapshot>>) =>
  Object.fromEntries(row.record.cash.map((item) => [item.currency, [item.available, item.frozen]]));
const positionsOf = (row: Awaited<ReturnType<typeof snapshot>>) =>
  row.record.positions.map((item) => [item.symbol, item.direction, item.quantity, item.mark, item.value]);

describe('daily snapshots (docs/product.md, Performance)', () => {
  it('values the day of the deposits at its closing prices: flows are the deposits', async () => {
    const row = await snapshot('2026-11-16');
    expect(cashOf(row)).toEqual({ USD: ['8998.4', '0'], USDT: ['2995', '2005'] });
    expect(positionsOf(row)).toEqual([['AAPL', 'buy', 10, '99.99', '999.9']]);
    expect(row.totalAssets).toBe('14998.30000000');
    expect(row.netAssets).toBe('14998.30000000');
    expect(row.flows).toBe('15000.00000000');
  });

  it('takes in the partial close, the short and the loan with its first day of interest', async () => {
    const row = await snapshot('2026-11-17');
    // 8,998.40 + 438.46 (4 AAPL at 109.99 less 1.50) - 1,001.45 (the TSLA short).
    expect(cashOf(row)).toEqual({ USD: ['8435.41', '0'], USDT: ['3995', '2005'] });
    // AAPL 6 x 109.99; TSLA 5 x 199.99 + (199.99 - 200.01) x 5.
    expect(positionsOf(row)).toEqual([
      ['AAPL', 'buy', 6, '109.99', '659.94'],
      ['TSLA', 'sell', 5, '200.01', '999.85'],
    ]);
    expect(row.record.loans).toEqual([{ currency: 'USDT', owed: '1001' }]);
    expect(row.totalAssets).toBe('16095.20000000');
    expect(row.liabilities).toBe('1001.00000000');
    expect(row.netAssets).toBe('15094.20000000');
    expect(row.flows).toBe('0.00000000');
  });

  it('catches up the days the jobs did not run, as the records stood at each day’s end', async () => {
    const dates = (
      await s.t.app.db
        .select({ date: portfolioSnapshots.date })
        .from(portfolioSnapshots)
        .where(eq(portfolioSnapshots.userId, s.member.user.id))
        .orderBy(asc(portfolioSnapshots.date))
    ).map((row) => row.date);
    expect(dates).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);
    const allotted = await snapshot('2026-11-18');
    // The allotment moved 2,000 of the frozen USDT to escrow and took the fee of 5.
    expect(cashOf(allotted)).toEqual({ USD: ['8435.41', '0'], USDT: ['3995', '0'] });
    expect(allotted.record.ipoEscrow).toEqual([{ currency: 'USDT', amount: '2000' }]);
    expect(allotted.record.loans).toEqual([{ currency: 'USDT', owed: '1002' }]);
    expect(allotted.netAssets).toBe('15088.20000000');
    // The listing job ran on the 20th: on the 19th the shares were still in escrow.
    const listed = await snapshot('2026-11-19');
    expect(listed.record.ipoEscrow).toEqual([{ currency: 'USDT', amount: '2000' }]);
    expect(listed.netAssets).toBe('15087.20000000');
  });

  it('values the IPO shares once they list, and a rerun of a day writes nothing twice', async () => {
    await s.runJobsAt('2026-11-21T00:05:00Z');
    const row = await snapshot('2026-11-20');
    expect(row.record.ipoEscrow).toEqual([]);
    const snap = s.t.app.market.instrument('SNAP');
    if (!snap) throw new Error('SNAP is not listed');
    const last = s.t.app.market.getQuotes(['SNAP'])[0]?.price ?? '0';
    const bid = sides(snap, last).bid;
    expect(row.record.positions.find((item) => item.symbol === 'SNAP')).toMatchObject({
      quantity: 200,
      openPrice: '10',
      value: bid.mul(200).toFixed(),
    });
    const again = await s.t.app.jobs.runPeriod(
      s.t.app.jobs.jobs.find((job) => job.name === 'portfolio.snapshot') as never,
      '2026-11-20',
      new Date(s.clock.now),
    );
    expect(again).toBeUndefined();
    await expectLedgerVerified(s.t.app);
  });
});

describe('performance (GET portfolio/performance)', () => {
  it('answers the equity curve with a time-weighted return that leaves the deposits out', async () => {
    s.clock.now = Date.parse('2026-11-21T10:00:00Z');
    const response = await api(s.t.app).get('portfolio/performance?range=1M&benchmark=%5EGSPC', {
      headers: s.member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.benchmark).toEqual({ symbol: '^GSPC', name: 'S&P 500' });
    expect(data.points.map((point: { date: string }) => point.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(data.points[0]).toMatchObject({ netAssets: '14998.3', flows: '15000', return: '0' });
    // 15,094.20 / 14,998.30 - 1: the day's trades and interest, not the deposits.
    expect(data.points[1]).toMatchObject({ netAssets: '15094.2', return: '0.006394' });
    // (15,088.20 / 14,998.30) - 1 chained: 15,094.20 / 14,998.30 x 15,088.20 / 15,094.20.
    expect(data.points[2].return).toBe('0.005994');
    expect(data.allocation.market.map((item: { key: string }) => item.key)).toContain('cash');
    expect(data.allocation.sector.map((item: { key: string }) => item.key)).toContain('Technology');
  });

  it('refuses an index it does not know and a range outside its list', async () => {
    const unknown = await api(s.t.app).get('portfolio/performance?benchmark=AAPL', { headers: s.member.headers });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('PORTFOLIO_BENCHMARK_UNKNOWN');
    const range = await api(s.t.app).get('portfolio/performance?range=5Y', { headers: s.member.headers });
    expect(range.statusCode).toBe(422);
    const nul = await api(s.t.app).get('portfolio/performance?benchmark=%5EGSPC%00', { headers: s.member.headers });
    expect(nul.statusCode).toBe(422);
  });
});
