import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currencies } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
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

describe('transfers between own currencies', () => {
  it('quotes at the currency list rates', async () => {
    const member = await createMember(t.app);
    const quote = await api(t.app).get('transfer/quote?from=EUR&to=USD&amount=100', { headers: member.headers });
    expect(quote.json().data).toEqual({ from: 'EUR', to: 'USD', amount: '100', rate: '1.085', received: '108.5' });
    const same = await api(t.app).get('transfer/quote?from=USD&to=USD&amount=1', { headers: member.headers });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('Please choose two different currencies');
  });

  it('moves money through the FX account and shows both lines in the history', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '100', 'EUR');
    const response = await api(t.app).post(
      'transfer/apply',
      {
        from: 'EUR',
        to: 'USD',
        amount: '40',
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
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '10', 'EUR');
    const response = await api(t.app).post(
      'transfer/apply',
      {
        from: 'EUR',
        to: 'USD',
        amount: '11',
      },
      { headers: { ...member.headers, 'x-soar-lang': 'zh-CN' } },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('可用余额不足');
    expect(await balanceOf(t.app, member.headers, 'EUR')).toEqual({ available: '10', frozen: '0' });
  });

  it('is idempotent: a replay returns the first answer and moves nothing', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '100', 'EUR');
    const headers = { ...member.headers, 'idempotency-key': 'transfer-1' };
    const body = { from: 'EUR', to: 'USD', amount: '10' };
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
