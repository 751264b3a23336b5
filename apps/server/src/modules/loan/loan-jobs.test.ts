import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currencies, loanAccruals, loanRepayments, notices } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { applyLoan, createProduct, investor, platformBalance } from '../../test/products.ts';
import { balanceOf, createOperator, expectLedgerVerified, type Headers, tempDataDir } from '../../test/wallet.ts';
import { Ledger } from '../ledger/index.ts';
import { accrueOne } from './accrual.ts';

// One timeline for the file: the jobs never run a day twice, so time only moves forward.
let now = Date.parse('2026-11-16T10:00:00Z');
const at = (iso: string) => {
  now = Date.parse(iso);
};
let t: TestApp;
let finance: { headers: Headers };
let productId: number;
type Member = Awaited<ReturnType<typeof investor>>;
let alice: Member;
let bob: Member;
let aliceLoan: number;
let bobLoan: number;

beforeAll(async () => {
  t = await createTestApp({ dataDir: tempDataDir() }, { jobs: { clock: () => now } });
  finance = await createOperator(t.app, { role: 'finance' });
  // USDT is listed with its 6 on-chain decimals; an operator may list it with 2, and interest then
  // rounds to the cent: this file pins that rounding to the currency list's decimals.
  await t.app.db.update(currencies).set({ decimals: 2 }).where(eq(currencies.code, 'USDT'));
  // 5 days, 0.1 % interest and 0.2 % penalty a day, in USDT (2 decimals).
  productId = (await createProduct(t.app, finance)).id;
  alice = await investor(t.app, finance, '100');
  bob = await investor(t.app, finance, '0');
  aliceLoan = (await applyLoan(t.app, alice, productId, '1000')).json().data.id;
  bobLoan = (await applyLoan(t.app, bob, productId, '500')).json().data.id;
  at('2026-11-16T11:00:00Z');
  for (const id of [aliceLoan, bobLoan]) {
    const approved = await api(t.app).post('admin/loan/review', { id, status: 1 }, { headers: finance.headers });
    expect(approved.json().data).toMatchObject({ status: 1, dueDate: '2026-11-21' });
  }
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const detail = async (member: Member, id: number) =>
  (await api(t.app).get(`loan/detail?id=${id}`, { headers: member.headers })).json().data;
const preview = async (member: Member, query: string) =>
  api(t.app).get(`loan/repayment/preview?${query}`, { headers: member.headers });
const repay = (member: Member, id: number, amount: string, headers: Record<string, string> = {}) =>
  api(t.app).post('loan/repay', { id, amount }, { headers: { ...member.headers, ...headers } });

describe('a loan accrues daily interest and is repaid in two parts (moved clock)', () => {
  it('accrues 0.1 % of the principal at the end of each day', async () => {
    expect(await balanceOf(t.app, alice.headers, 'USDT')).toEqual({ available: '1100', frozen: '0' });
    at('2026-11-17T00:01:00Z');
    await t.app.jobs.runDue();
    const loan = await detail(alice, aliceLoan);
    expect(loan).toMatchObject({
      status: 1,
      owed: { principal: '1000', interest: '1', penalty: '0', total: '1001' },
      accruedThrough: '2026-11-16',
      interestTotal: '1',
      overdueDays: 0,
      accruals: [{ date: '2026-11-16', principal: '1000', interest: '1', penalty: '0' }],
      // Repaid on the due date: the days 16 to 20 of interest.
      dueAmount: { principal: '1000', interest: '5', penalty: '0', total: '1005' },
    });
  });

  it('previews a payment two days ahead exactly as it then happens: interest first', async () => {
    const ahead = await preview(alice, `id=${aliceLoan}&amount=400&date=2026-11-19`);
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(ahead.json().data).toEqual({
      date: '2026-11-19',
      amount: '400',
      owed: { principal: '1000', interest: '3', penalty: '0', total: '1003' },
      paid: { principal: '397', interest: '3', penalty: '0', total: '400' },
      left: { principal: '603', interest: '0', penalty: '0', total: '603' },
      overdue: false,
    });
    at('2026-11-19T00:01:00Z');
    await t.app.jobs.runDue();
    at('2026-11-19T09:00:00Z');
    const paid = await repay(alice, aliceLoan, '400');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.repayment).toMatchObject({ amount: '400', penalty: '0', interest: '3', principal: '397' });
    expect(paid.json().data.loan).toMatchObject({ status: 1, owed: { principal: '603', interest: '0', total: '603' } });
    expect(await balanceOf(t.app, alice.headers, 'USDT')).toEqual({ available: '700', frozen: '0' });
  });

  it('accrues on the principal left and is paid off with the second part', async () => {
    at('2026-11-20T00:01:00Z');
    await t.app.jobs.runDue();
    at('2026-11-20T12:00:00Z');
    // 603 x 0.1 % = 0.603, rounded down to the currency's 2 decimals.
    const whole = await preview(alice, `id=${aliceLoan}`);
    expect(whole.json().data).toMatchObject({ amount: '603.6', paid: { interest: '0.6', principal: '603' } });
    const tooMuch = await repay(alice, aliceLoan, '603.61');
    expect(tooMuch.json()).toEqual({
      code: 'LOAN_REPAY_TOO_MUCH',
      message: 'You owe 603.6 USDT: the repayment cannot be more',
    });
    const precise = await repay(alice, aliceLoan, '0.001');
    expect(precise.json()).toEqual({ code: 'LOAN_REPAY_PRECISION', message: 'USDT amounts have at most 2 decimals' });
    const last = await repay(alice, aliceLoan, '603.6');
    expect(last.json().data.loan).toMatchObject({
      status: 2,
      owed: { total: '0' },
      repaidTotal: '1003.6',
      interestTotal: '3.6',
    });
    expect(await balanceOf(t.app, alice.headers, 'USDT')).toEqual({ available: '96.4', frozen: '0' });
    const kinds = await t.app.db.select({ kind: notices.kind }).from(notices).where(eq(notices.userId, alice.user.id));
    expect(kinds.map((row) => row.kind)).toEqual(['depositPassed', 'loanApproved', 'loanRepaid']);
    const again = await repay(alice, aliceLoan, '1');
    expect(again.json()).toMatchObject({ code: 'LOAN_NOT_REPAYABLE' });
    const repayments = await t.app.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, aliceLoan));
    expect(repayments.map((row) => [row.interest, row.principal])).toEqual([
      ['3.00000000', '397.00000000'],
      ['0.60000000', '603.00000000'],
    ]);
  });
});

describe('another loan goes overdue and accrues the penalty (moved clock)', () => {
  it('is due on its last day and overdue after it; the view says so before the job has run', async () => {
    at('2026-11-21T12:00:00Z');
    expect(await detail(bob, bobLoan)).toMatchObject({ status: 1, overdueDays: 0 });
    at('2026-11-22T00:00:30Z');
    const projected = await detail(bob, bobLoan);
    expect(projected).toMatchObject({
      status: 3,
      overdueDays: 1,
      dueAmount: null,
      owed: { principal: '500', interest: '3', penalty: '0', total: '503' },
    });
    at('2026-11-22T00:01:00Z');
    await t.app.jobs.runDue();
    expect(await detail(bob, bobLoan)).toMatchObject({ status: 3, owed: projected.owed });
    const [overdue] = await t.app.db.select().from(notices).where(eq(notices.kind, 'loanOverdue'));
    expect(overdue).toMatchObject({ userId: bob.user.id, params: { owed: '503', dueDate: '2026-11-21' } });
    // Alice's repaid loan accrues nothing more.
    const aliceDays = await t.app.db.select().from(loanAccruals).where(eq(loanAccruals.loanId, aliceLoan));
    expect(aliceDays.map((row) => row.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);
  });

  it('adds 0.2 % a day of penalty after the due date; a repayment pays the penalty first', async () => {
    at('2026-11-24T00:01:00Z');
    await t.app.jobs.runDue();
    const loan = await detail(bob, bobLoan);
    expect(loan).toMatchObject({
      status: 3,
      overdueDays: 3,
      owed: { principal: '500', interest: '4', penalty: '2', total: '506' },
      penaltyTotal: '2',
    });
    expect(loan.accruals.slice(0, 3)).toEqual([
      { date: '2026-11-23', principal: '500', interest: '0.5', penalty: '1' },
      { date: '2026-11-22', principal: '500', interest: '0.5', penalty: '1' },
      { date: '2026-11-21', principal: '500', interest: '0.5', penalty: '0' },
    ]);
    at('2026-11-24T10:00:00Z');
    const paid = await repay(bob, bobLoan, '5');
    expect(paid.json().data.repayment).toMatchObject({ penalty: '2', interest: '3', principal: '0' });
    expect(paid.json().data.loan).toMatchObject({ status: 3, owed: { interest: '1', penalty: '0', total: '501' } });
    const ahead = await preview(bob, `id=${bobLoan}&date=2026-11-26`);
    expect(ahead.json().data).toMatchObject({
      overdue: true,
      owed: { principal: '500', interest: '2', penalty: '2', total: '504' },
      left: { total: '0' },
    });
    expect((await preview(bob, `id=${bobLoan}&date=2026-11-23`)).json().code).toBe('LOAN_PREVIEW_DATE_INVALID');
  });

  it('a rerun of a day, by the job or by hand, accrues nothing twice', async () => {
    const before = await t.app.db.select().from(loanAccruals).where(eq(loanAccruals.loanId, bobLoan));
    expect(await accrueOne(new Ledger(t.app.db), bobLoan, 2, '2026-11-23')).toBe(false);
    await t.app.jobs.runDue();
    expect(await t.app.db.select().from(loanAccruals).where(eq(loanAccruals.loanId, bobLoan))).toEqual(before);
  });
});

describe('repayments racing', () => {
  it('two full repayments at once: one pays the loan off, the other moves nothing', async () => {
    const carol = await investor(t.app, finance, '50');
    const id = (await applyLoan(t.app, carol, productId, '200')).json().data.id;
    await api(t.app).post('admin/loan/review', { id, status: 1 }, { headers: finance.headers });
    const results = await Promise.all([repay(carol, id, '200'), repay(carol, id, '200')]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(t.app, carol.headers, 'USDT')).toEqual({ available: '50', frozen: '0' });
  });

  it('a replay with the same Idempotency-Key repays once', async () => {
    const dave = await investor(t.app, finance, '50');
    const id = (await applyLoan(t.app, dave, productId, '300')).json().data.id;
    await api(t.app).post('admin/loan/review', { id, status: 1 }, { headers: finance.headers });
    const key = { 'idempotency-key': 'repay-dave-1' };
    const first = await repay(dave, id, '100', key);
    const second = await repay(dave, id, '100', key);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(t.app, dave.headers, 'USDT')).toEqual({ available: '250', frozen: '0' });
    expect(await platformBalance(t.app, 'loan_income', 'USDT')).toBe('8.6');
  });
});
