import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, place, tick } from '../../test/trade-kit.ts';
import { createOperator, expectLedgerVerified, fund, type Headers } from '../../test/wallet.ts';
import { Ledger } from '../ledger/index.ts';

/** Tuesday 17 November 2026, 15:00 UTC: the US session is open. */
const time = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let operator: { headers: Headers };

beforeAll(async () => {
  t = await createTradeApp({ clock: () => time });
  operator = await createOperator(t.app);
});
afterAll(() => t.close());

async function adjust(userId: number, currency: string, amount: string) {
  await new Ledger(t.app.db, undefined, t.app.jobs.clock).transaction((book) =>
    book.post({ kind: 'adjustment', reference: `test:${userId}:${currency}`, userId }, [
      { platform: 'adjustments', currency, amount: `-${amount}` },
      { userId, bucket: 'available', currency, amount },
    ]),
  );
}

async function account(headers: Headers, currency = 'USD') {
  const response = await api(t.app).get(`portfolio/account?currency=${currency}`, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('account value (docs/product.md, Account value)', () => {
  it('counts cash in every currency, a long at the bid and a short as collateral plus floating P/L, to the cent', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '100000', 'USD');
    await adjust(member.user.id, 'HKD', '10000');
    await tick(t.app, 'AAPL', '100.00');
    await tick(t.app, 'TSLA', '200.00');
    // AAPL fills at the ask 100.01 (fee 1.50), the TSLA short at the bid 199.99 (fee 1.50).
    await place(t.app, member.headers, { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10 });
    await place(t.app, member.headers, { symbol: 'TSLA', type: 'market', direction: 'sell', quantity: 5 });
    await tick(t.app, 'AAPL', '110.00');
    await tick(t.app, 'TSLA', '210.00');

    const usd = await account(member.headers);
    // Cash: 100,000 - 1,001.60 - 1,001.45 = 97,996.95 USD and 10,000 HKD x 0.1285 = 1,285.00.
    expect(usd.cash).toBe('99281.95');
    // AAPL 10 x bid 109.99 = 1,099.90; TSLA 5 x 199.99 + (199.99 - ask 210.01) x 5 = 949.85.
    expect(usd.positions).toBe('2049.75');
    expect(usd.totalAssets).toBe('101331.7');
    expect(usd.loans).toBe('0');
    expect(usd.netAssets).toBe('101331.7');
    expect(usd.buyingPower).toBe('99281.95');
    // Nothing before today; today's deposit and adjustment (101,285.00) are not performance:
    // AAPL +98.30 (1,099.90 - 1,001.60) and TSLA -51.60 (949.85 - 1,001.45).
    expect(usd.todayPnl).toBe('46.7');
    expect(
      usd.list.map((item: { symbol: string; mark: string; value: string }) => [item.symbol, item.mark, item.value]),
    ).toEqual([
      ['AAPL', '109.99', '1099.9'],
      ['TSLA', '210.01', '949.85'],
    ]);

    // The same figures from the ledger's balances and the positions the member sees.
    const balances = (await api(t.app).get('wallet/balance', { headers: member.headers })).json().data.list;
    const usdBalance = balances.find((item: { currency: string }) => item.currency === 'USD');
    expect(usdBalance.available).toBe('97996.95');
    const holdings = (await api(t.app).get('order/holdings', { headers: member.headers })).json().data.list;
    const apple = holdings.find((item: { symbol: string }) => item.symbol === 'AAPL');
    expect(apple.marketValue).toBe('1099.9');

    // In EUR (1.0850 USD): each currency converted, rounded down to 8 places, summed, shown in cents.
    const eur = await account(member.headers, 'EUR');
    expect(eur.cash).toBe('91504.1');
    expect(eur.positions).toBe('1889.17');
    expect(eur.totalAssets).toBe('93393.27');
    expect(eur.rates.HKD).toBe('0.11843318');
    await expectLedgerVerified(t.app);
  });

  it('answers only the session member’s account and refuses a currency it does not know', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    await adjust(other.user.id, 'USD', '500');
    expect((await account(member.headers)).totalAssets).toBe('0');
    const unknown = await api(t.app).get('portfolio/account?currency=XYZ', { headers: member.headers });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('CURRENCY_UNKNOWN');
    const nul = await api(t.app).get('portfolio/account?currency=US%00D', { headers: member.headers });
    expect(nul.statusCode).toBe(422);
    const guest = await api(t.app).get('portfolio/account');
    expect(guest.statusCode).toBe(401);
  });
});
