import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { api } from '../test/http.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  tempDataDir,
} from '../test/wallet.ts';

// The reproductions of issue 9, B2 to B4 and B6: each once answered 500.
let t: TestApp;
let operator: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp({ dataDir: tempDataDir() });
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const expectClient = (response: { statusCode: number; body: string; json(): { code?: string } }, status?: number) => {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (status) expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBeTruthy();
};

describe('a NUL byte (B2)', () => {
  it('is a validation error in a query, a login name and a body field', async () => {
    expectClient(await api(t.app).get('news/list?symbol=%00'), 422);
    const login = await api(t.app).post('member/login', { account: 'a\u0000b', password: 'secret-123' });
    expectClient(login, 422);
    expect(login.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('ids beyond the integer column (B3)', () => {
  it('are validation errors, not database errors', async () => {
    const member = await createMember(t.app);
    expectClient(await api(t.app).get('news/detail?id=2147483648'), 422);
    expectClient(await api(t.app).post('member/session/revoke', { id: 2 ** 31 }, { headers: member.headers }), 422);
    expectClient(await api(t.app).post('wallet/address/remove', { id: 2 ** 31 }, { headers: member.headers }), 422);
    expectClient(
      await api(t.app).post('admin/deposit-channel/update', { id: 2 ** 31 }, { headers: operator.headers }),
      422,
    );
    expectClient(
      await api(t.app).post('admin/deposit/review', { id: 2 ** 31, status: 1 }, { headers: operator.headers }),
      422,
    );
  });

  it('a whole number beyond the integer column in a body or a page is a validation error, nothing written', async () => {
    const channel = { type: 'crypto', currency: 'USDT', network: 'TRC20', address: 'TXYZ', sort: 2 ** 31 };
    const created = await api(t.app).post('admin/deposit-channel/create', channel, { headers: operator.headers });
    expectClient(created, 422);
    const list = await api(t.app).get('admin/deposit-channel/list', { headers: operator.headers });
    expect(list.json().data.map((c: { address: string | null }) => c.address)).not.toContain('TXYZ');
    expectClient(await api(t.app).get('news/list?page=2147483648'), 422);
    expectClient(await api(t.app).get(`news/list?page=${'9'.repeat(30)}`), 422);
  });
});

describe('large amounts (B4)', () => {
  it('quotes refuse an amount whose conversion does not fit numeric(24,8)', async () => {
    const member = await createMember(t.app);
    const quote = await api(t.app).get('transfer/quote?from=USD&to=JPY&amount=100000000000000', {
      headers: member.headers,
    });
    expectClient(quote, 422);
    expect(quote.json().code).toBe('AMOUNT_TOO_LARGE');
    const fitting = await api(t.app).get('transfer/quote?from=USD&to=JPY&amount=10000000000000', {
      headers: member.headers,
    });
    expect(fitting.statusCode, fitting.body).toBe(200);
  });

  it('a transfer beyond the balance is INSUFFICIENT_BALANCE', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '1000');
    const response = await api(t.app).post(
      'transfer/apply',
      {
        from: 'USDT',
        to: 'JPY',
        amount: '9999999999999999',
        payPassword: '1234',
      },
      { headers: member.headers },
    );
    expectClient(response);
    expect(response.json().code).toBe('INSUFFICIENT_BALANCE');
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('1000');
  });

  it('a deposit above the per-deposit maximum is refused as a validation error', async () => {
    const member = await createMember(t.app);
    const response = await api(t.app).post(
      'deposit/apply',
      {
        type: 'crypto',
        currency: 'USDT',
        network: 'TRC20',
        amount: '9999999999999999',
        txHash: `0x${'cd'.repeat(32)}`,
      },
      { headers: member.headers },
    );
    expectClient(response, 422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('an approval that would take a balance above the limit is BALANCE_LIMIT, nothing credited', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < 10; i++) await fund(t.app, member, operator, '1000000000000');
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('10000000000000');
    const applied = await api(t.app).post(
      'deposit/apply',
      {
        type: 'crypto',
        currency: 'USDT',
        network: 'TRC20',
        amount: '1',
        txHash: `0x${'ef'.repeat(32)}`,
      },
      { headers: member.headers },
    );
    const reviewed = await api(t.app).post(
      'admin/deposit/review',
      {
        id: applied.json().data.id,
        status: 1,
      },
      { headers: operator.headers },
    );
    expectClient(reviewed, 422);
    expect(reviewed.json().code).toBe('BALANCE_LIMIT');
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('10000000000000');
    const valued = await api(t.app).get('wallet/balance?currency=JPY', { headers: member.headers });
    expect(valued.statusCode, valued.body).toBe(200);
  });

  it('a balance valued in a weak currency fits or is refused clearly', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, operator, '1000000000000');
    const response = await api(t.app).get('wallet/balance?currency=JPY', { headers: member.headers });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a channel update with only an id (B6)', () => {
  it('is a validation error', async () => {
    const response = await api(t.app).post('admin/deposit-channel/update', { id: 1 }, { headers: operator.headers });
    expectClient(response, 422);
  });
});
