import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { currencies, journalLines } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
  tempDataDir,
} from '../../test/wallet.ts';

let t: TestApp;
let operator: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp({ dataDir: tempDataDir() });
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('balance', () => {
  it('lists every currency with a total in the chosen currency', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '100', 'USD');
    await fund(t.app, member, operator, '100', 'EUR');
    const usd = (await api(t.app).get('wallet/balance', { headers: member.headers })).json().data;
    expect(usd.currency).toBe('USD');
    expect(usd.total).toBe('208.5');
    expect(usd.list.map((b: { currency: string }) => b.currency)).toEqual(
      expect.arrayContaining(['USD', 'USDT', 'EUR', 'JPY']),
    );
    const eur = (await api(t.app).get('wallet/balance?currency=EUR', { headers: member.headers })).json().data;
    expect(eur.total).toBe('192.16589861');
    const unknown = await api(t.app).get('wallet/balance?currency=ZZZ', { headers: member.headers });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('a disabled currency', () => {
  it('still shows the money held in it, and cannot be chosen for new movements', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '10', 'GBP');
    await t.app.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, 'GBP'));
    await t.app.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, 'CNY'));
    try {
      const balance = (await api(t.app).get('wallet/balance', { headers: member.headers })).json().data;
      expect(balance.list).toContainEqual({ currency: 'GBP', available: '10', frozen: '0', value: '12.65' });
      expect(balance.total).toBe('12.65');
      expect(balance.list.map((b: { currency: string }) => b.currency)).not.toContain('CNY');
      const transfer = await api(t.app).post(
        'transfer/apply',
        {
          from: 'GBP',
          to: 'USD',
          amount: '5',
          payPassword,
        },
        { headers: member.headers },
      );
      expect(transfer.json().code).toBe('CURRENCY_UNKNOWN');
    } finally {
      await t.app.db.update(currencies).set({ enabled: true }).where(eq(currencies.code, 'GBP'));
      await t.app.db.update(currencies).set({ enabled: true }).where(eq(currencies.code, 'CNY'));
    }
  });
});

/** A member with the test pay password, who can confirm transfers. */
async function payingMember() {
  const member = await createMember(t.app);
  await setPayPassword(t.app.db, member.user.id, payPassword);
  return member;
}

/** The platform's `rounding` lines of an entry: what conversions left over in whole minor units. */
async function roundingOf(entryId: number) {
  const rows = await t.app.db
    .select({ currency: journalLines.currency, amount: journalLines.amount })
    .from(journalLines)
    .where(and(eq(journalLines.entryId, entryId), eq(journalLines.account, 'platform:rounding')));
  return rows.map((row) => ({ currency: row.currency, amount: String(Number(row.amount)) }));
}

describe('transfers between own currencies', () => {
  it('quotes at the currency list rates', async () => {
    const member = await payingMember();
    const quote = await api(t.app).get('transfer/quote?from=EUR&to=USD&amount=100', { headers: member.headers });
    expect(quote.json().data).toEqual({ from: 'EUR', to: 'USD', amount: '100', rate: '1.085', received: '108.5' });
    const same = await api(t.app).get('transfer/quote?from=USD&to=USD&amount=1', { headers: member.headers });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('Please choose two different currencies');
  });

  it('moves money through the FX account and shows both lines in the history', async () => {
    const member = await payingMember();
    await fund(t.app, member, operator, '100', 'EUR');
    const response = await api(t.app).post(
      'transfer/apply',
      {
        from: 'EUR',
        to: 'USD',
        amount: '40',
        payPassword,
      },
      { headers: member.headers },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ received: '43.4' });
    expect(await balanceOf(t.app, member.headers, 'EUR')).toEqual({ available: '60', frozen: '0' });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '43.4', frozen: '0' });
    const history = (await api(t.app).get('transaction/list?type=transfer', { headers: member.headers })).json().data;
    expect(history.total).toBe(2);
    expect(history.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'EUR', amount: '-40', balanceAfter: '60', type: 'transfer' }),
        expect.objectContaining({ currency: 'USD', amount: '43.4', balanceAfter: '43.4', type: 'transfer' }),
      ]),
    );
  });

  it('refuses more than the available balance and moves nothing', async () => {
    const member = await payingMember();
    await fund(t.app, member, operator, '10', 'EUR');
    const response = await api(t.app).post(
      'transfer/apply',
      {
        from: 'EUR',
        to: 'USD',
        amount: '11',
        payPassword,
      },
      { headers: { ...member.headers, 'x-soar-lang': 'zh-CN' } },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('可用余额不足');
    expect(await balanceOf(t.app, member.headers, 'EUR')).toEqual({ available: '10', frozen: '0' });
  });

  it('is idempotent: a replay returns the first answer and moves nothing', async () => {
    const member = await payingMember();
    await fund(t.app, member, operator, '100', 'EUR');
    const headers = { ...member.headers, 'idempotency-key': 'transfer-1' };
    const body = { from: 'EUR', to: 'USD', amount: '10', payPassword };
    const first = await api(t.app).post('transfer/apply', body, { headers: headers });
    const second = await api(t.app).post('transfer/apply', body, { headers: headers });
    expect(second.json()).toEqual(first.json());
    expect((await balanceOf(t.app, member.headers, 'EUR')).available).toBe('90');
    const reused = await api(t.app).post('transfer/apply', { ...body, amount: '11' }, { headers: headers });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const invalid = await api(t.app).post('transfer/apply', body, {
      headers: { ...member.headers, 'idempotency-key': 'ü' },
    });
    expect(invalid.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect((await balanceOf(t.app, member.headers, 'EUR')).available).toBe('90');
  });

  it('lands in whole minor units: 10 USD is 9.22 EUR, 1527 JPY, the rest a platform rounding line', async () => {
    const member = await payingMember();
    await fund(t.app, member, operator, '30', 'USD');
    const quote = await api(t.app).get('transfer/quote?from=USD&to=EUR&amount=10', { headers: member.headers });
    // 10 / 1.085 = 9.2165898...: the quote names what arrives, not the exact conversion.
    expect(quote.json().data).toEqual({ from: 'USD', to: 'EUR', amount: '10', rate: '0.92165898', received: '9.22' });
    const eur = await api(t.app).post(
      'transfer/apply',
      { from: 'USD', to: 'EUR', amount: '10', payPassword },
      { headers: member.headers },
    );
    expect(eur.statusCode, eur.body).toBe(200);
    expect(eur.json().data).toMatchObject({ received: '9.22' });
    expect(await balanceOf(t.app, member.headers, 'EUR')).toEqual({ available: '9.22', frozen: '0' });
    // fx paid out 9.21658986; the member got 9.22; the platform's rounding gave the 0.00341014.
    expect(await roundingOf(eur.json().data.entryId)).toEqual([{ currency: 'EUR', amount: '-0.00341014' }]);

    // JPY has no decimals: 10 / 0.00655 = 1526.717557... lands as 1527 yen.
    const jpy = await api(t.app).post(
      'transfer/apply',
      { from: 'USD', to: 'JPY', amount: '10', payPassword },
      { headers: member.headers },
    );
    expect(jpy.json().data).toMatchObject({ received: '1527' });
    expect(await balanceOf(t.app, member.headers, 'JPY')).toEqual({ available: '1527', frozen: '0' });
    expect(await roundingOf(jpy.json().data.entryId)).toEqual([{ currency: 'JPY', amount: '-0.28244275' }]);

    // Rounded down when below the half: 10 / 0.1285 = 77.821011... HKD lands as 77.82, the platform keeps the rest.
    const hkd = await api(t.app).post(
      'transfer/apply',
      { from: 'USD', to: 'HKD', amount: '10', payPassword },
      { headers: member.headers },
    );
    expect(hkd.json().data).toMatchObject({ received: '77.82' });
    expect(await roundingOf(hkd.json().data.entryId)).toEqual([{ currency: 'HKD', amount: '0.00101167' }]);
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '0', frozen: '0' });
  });

  it('lands USDT at its 6 on-chain decimals', async () => {
    const member = await payingMember();
    // 7 HKD is 0.8995 USDT: kept whole, where two places would say 0.90.
    const quote = await api(t.app).get('transfer/quote?from=HKD&to=USDT&amount=7', { headers: member.headers });
    expect(quote.json().data.received).toBe('0.8995');
    const [usdt] = await t.app.db
      .select({ decimals: currencies.decimals })
      .from(currencies)
      .where(eq(currencies.code, 'USDT'));
    expect(usdt?.decimals).toBe(6);
    const yen = await api(t.app).get('transfer/quote?from=JPY&to=USDT&amount=1', { headers: member.headers });
    // 0.00655 USDT: six places hold it whole.
    expect(yen.json().data.received).toBe('0.00655');
  });

  it('is confirmed with the pay password: none, a wrong one or none set is refused and moves nothing', async () => {
    const member = await payingMember();
    await fund(t.app, member, operator, '50', 'USD');
    const missing = await api(t.app).post(
      'transfer/apply',
      { from: 'USD', to: 'EUR', amount: '10' },
      { headers: member.headers },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const wrong = await api(t.app).post(
      'transfer/apply',
      { from: 'USD', to: 'EUR', amount: '10', payPassword: '999999' },
      { headers: { ...member.headers, 'x-soar-lang': 'de' } },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PAY_PASSWORD_WRONG');
    expect(wrong.json().message).toMatch(/4/);
    const unset = await createMember(t.app);
    await fund(t.app, unset, operator, '50', 'USD');
    const notSet = await api(t.app).post(
      'transfer/apply',
      { from: 'USD', to: 'EUR', amount: '10', payPassword },
      { headers: unset.headers },
    );
    expect(notSet.json().code).toBe('PAY_PASSWORD_NOT_SET');
    for (const who of [member, unset]) {
      expect(await balanceOf(t.app, who.headers, 'USD')).toEqual({ available: '50', frozen: '0' });
      expect(await balanceOf(t.app, who.headers, 'EUR')).toEqual({ available: '0', frozen: '0' });
    }
    const [moved] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalLines)
      .where(and(eq(journalLines.userId, member.user.id), eq(journalLines.currency, 'EUR')));
    expect(moved?.n).toBe(0);
    const right = await api(t.app).post(
      'transfer/apply',
      { from: 'USD', to: 'EUR', amount: '10', payPassword },
      { headers: member.headers },
    );
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('transaction history', () => {
  it('lists only the own journal lines, filtered by type and currency, paged', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    await fund(t.app, member, operator, '30');
    await fund(t.app, member, operator, '20', 'USD');
    await fund(t.app, other, operator, '99');
    const all = (await api(t.app).get('transaction/list?page=1&pageSize=1', { headers: member.headers })).json().data;
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(all.list[0]).toMatchObject({ type: 'deposit', currency: 'USD', amount: '20', balanceAfter: '20' });
    expect(all.list[0].reference).toMatch(/^deposit:\d+$/);
    const usdt = (await api(t.app).get('transaction/list?currency=USDT', { headers: member.headers })).json().data;
    expect(usdt.list.map((line: { amount: string }) => line.amount)).toEqual(['30']);
    const none = (await api(t.app).get('transaction/list?type=withdraw_pass', { headers: member.headers })).json().data;
    expect(none.total).toBe(0);
  });
});
