import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
  walletMember,
} from '../../test/wallet.ts';

let t: TestApp;
let operator: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

type Line = { type: string; account: string; amount: string; withdrawal: { id: number; status: number } | null };
const lines = async (headers: Headers, query = '') => {
  const response = await api(t.app).get(`transaction/list${query}`, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { total: number; list: Line[] };
};

describe('transactions', () => {
  it('shows a withdrawal as ONE row whose status follows its review; operators still see every line', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, operator, '100');
    const apply = (amount: string) =>
      api(t.app).post(
        'withdraw/apply',
        { amount, currency: 'USDT', walletId: member.walletId, payPassword },
        { headers: member.headers },
      );
    const paid = (await apply('50')).json().data.id;
    const refused = (await apply('20')).json().data.id;

    const waiting = await lines(member.headers);
    expect(waiting.total).toBe(3);
    // 50 + its 1 USDT fee, and 20 + 1: each is what left the available balance, still waiting.
    expect(waiting.list.map((line) => [line.type, line.account, line.amount, line.withdrawal?.status])).toEqual([
      ['withdraw_freeze', 'available', '-21', 0],
      ['withdraw_freeze', 'available', '-51', 0],
      ['deposit', 'available', '100', undefined],
    ]);

    const review = (id: number, status: number, extra: object = {}) =>
      api(t.app).post('admin/withdraw/review', { id, status, ...extra }, { headers: operator.headers });
    expect((await review(paid, 1, { payoutReference: 'TRX-1' })).statusCode).toBe(200);
    expect((await review(refused, 2, { remark: 'Wallet flagged' })).statusCode).toBe(200);

    const reviewed = await lines(member.headers);
    expect(reviewed.total).toBe(3);
    expect(reviewed.list.map((line) => [line.amount, line.withdrawal])).toEqual([
      ['-21', { id: refused, status: 2, payoutState: null }],
      ['-51', { id: paid, status: 1, payoutState: null }],
      ['100', null],
    ]);
    expect((await lines(member.headers, '?group=withdraw')).total).toBe(2);
    expect((await lines(member.headers, '?group=deposit')).total).toBe(1);
    expect((await lines(member.headers, '?group=trade')).total).toBe(0);

    // The back office reads the journal as it is: freeze (two sides), pass, refusal (two sides).
    const ledger = await api(t.app).get(`admin/user/ledger?id=${member.user.id}`, { headers: operator.headers });
    expect(ledger.json().data.list.map((line: Line) => line.type)).toEqual([
      'withdraw_refuse',
      'withdraw_refuse',
      'withdraw_pass',
      'withdraw_freeze',
      'withdraw_freeze',
      'withdraw_freeze',
      'withdraw_freeze',
      'deposit',
    ]);
  });

  it('refuses a type group it does not know with 422', async () => {
    const member = await walletMember(t.app);
    const response = await api(t.app).get('transaction/list?group=fees', { headers: member.headers });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual([
      'Type must be one of: deposit, withdraw, transfer, trade, ipo, quant, loan, other',
    ]);
  });
});
