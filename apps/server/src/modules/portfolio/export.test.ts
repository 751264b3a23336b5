import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/fixtures.ts';
import { api } from '../../test/http.ts';
import { novemberScenario, type Scenario } from '../../test/portfolio-kit.ts';

let s: Scenario;

beforeAll(async () => {
  s = await novemberScenario();
});
afterAll(() => s.t.close());

async function csv(query: string, headers = s.member.headers) {
  const response = await api(s.t.app).get(`export/csv?${query}`, { headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return parse(response.body, { columns: true }) as Record<string, string>[];
}

describe('CSV exports (docs/api.md, Exports)', () => {
  it('trades: every opening and closing of the range, plain decimals, the currency in its own column', async () => {
    const rows = await csv('kind=trades&from=2026-11-01&to=2026-11-30');
    expect(
      rows.map((row) => [row.side, row.symbol, row.direction, row.quantity, row.price, row.fee, row.currency]),
    ).toEqual([
      ['open', 'AAPL', 'buy', '10', '100.01', '1.5', 'USD'],
      // The close and the short share their moment (the clock stood still): openings come first.
      ['open', 'TSLA', 'sell', '5', '199.99', '1.5', 'USD'],
      ['close', 'AAPL', 'buy', '4', '109.99', '1.5', 'USD'],
      ['open', 'SNAP', 'buy', '200', '10', '0', 'USDT'],
    ]);
    expect(rows[2]?.realised_pnl).toBe('38.42');
    expect(rows[0]?.time).toBe('2026-11-16T15:00:00.000Z');
  });

  it('realised: one row per closing with its FIFO and average-cost P/L, converted at the day’s rate', async () => {
    const rows = await csv('kind=realised&from=2026-11-01&to=2026-11-30&currency=EUR');
    expect(rows).toHaveLength(1);
    // 4 x 109.99 = 439.96 less 4 x 100.01 = 400.04, less the closing fee 1.50 and 4/10 of the opening fee 1.50.
    expect(rows[0]).toMatchObject({
      symbol: 'AAPL',
      quantity: '4',
      proceeds: '439.96',
      fifo_cost: '400.04',
      fifo_fees: '2.1',
      fifo_pnl: '37.82',
      average_pnl: '37.82',
      recorded_pnl: '38.42',
      reporting_currency: 'EUR',
      // 37.82 / 1.085 = 34.857..., the rate the snapshot job recorded for 17 November.
      fifo_pnl_reporting: '34.86',
    });
  });

  it('ledger and transfers: the journal lines and the money that came in, went out or changed currency', async () => {
    const ledger = await csv('kind=ledger&from=2026-11-16&to=2026-11-16');
    expect(ledger.map((row) => [row.kind, row.account, row.currency, row.amount])).toEqual([
      ['deposit', 'available', 'USD', '10000'],
      ['deposit', 'available', 'USDT', '5000'],
      ['trade_open', 'available', 'USD', '-1001.6'],
      ['ipo_subscribe', 'available', 'USDT', '-2005'],
      ['ipo_subscribe', 'frozen', 'USDT', '2005'],
    ]);
    const transfers = await csv('kind=transfers&from=2026-11-01&to=2026-11-30');
    expect(transfers.map((row) => [row.kind, row.currency, row.total])).toEqual([
      ['deposit', 'USD', '10000'],
      ['deposit', 'USDT', '5000'],
    ]);
  });

  it('exports only the session member’s rows', async () => {
    const other = await createMember(s.t.app);
    const rows = await csv('kind=trades&from=2026-11-01&to=2026-11-30', other.headers);
    expect(rows).toEqual([]);
  });

  it('refuses a range backwards, longer than 366 days, a bad kind or date, and guests', async () => {
    const cases: [string, string][] = [
      ['kind=trades&from=2026-11-30&to=2026-11-01', 'EXPORT_RANGE_INVALID'],
      ['kind=trades&from=2025-01-01&to=2026-11-30', 'EXPORT_RANGE_TOO_LONG'],
      ['kind=orders&from=2026-11-01&to=2026-11-30', 'VALIDATION_FAILED'],
      ['kind=trades&from=2026-02-30x&to=2026-11-30', 'VALIDATION_FAILED'],
      ['kind=trades&from=2026-11-01%00&to=2026-11-30', 'VALIDATION_FAILED'],
      ['kind=trades&from=2026-11-01', 'VALIDATION_FAILED'],
      ['kind=realised&from=2026-11-01&to=2026-11-30&currency=XYZ', 'CURRENCY_UNKNOWN'],
    ];
    for (const [query, code] of cases) {
      const response = await api(s.t.app).get(`export/csv?${query}`, { headers: s.member.headers, lang: 'de' });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code, query).toBe(code);
    }
    expect((await api(s.t.app).get('export/csv?kind=trades&from=2026-11-01&to=2026-11-30')).statusCode).toBe(401);
  });
});
