import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loans, notices, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { applyLoan, createProduct, investor, platformBalance, signature } from '../../test/products.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  type Headers,
  tempDataDir,
} from '../../test/wallet.ts';

const now = Date.parse('2026-11-16T10:00:00Z');
let t: TestApp;
let finance: { headers: Headers };
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ dataDir: tempDataDir() }, { jobs: { clock: () => now } });
  finance = await createOperator(t.app, { role: 'finance' });
  productId = (await createProduct(t.app, finance)).id;
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const review = (body: object, headers = finance.headers) =>
  api(t.app).post('admin/loan/review', body, { headers: headers });

describe('loan products', () => {
  it('lists the products offered to guests, with the KYC rule', async () => {
    const closed = await createProduct(t.app, finance, { name: 'Closed' });
    await api(t.app).post('admin/loan/product/close', { id: closed.id }, { headers: finance.headers });
    const list = await api(t.app).get('loan/product/list');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual({
      requiresKyc: false,
      list: [
        {
          id: productId,
          name: 'Test Loan 5',
          language: 'en',
          fallback: false,
          currency: 'USDT',
          cycleDays: 5,
          dailyInterestRate: '0.001',
          dailyPenaltyRate: '0.002',
          minAmount: '100',
          maxAmount: '5000',
          contract: 'loan-contract',
        },
      ],
    });
  });
});

describe('applying for a loan', () => {
  it('stores the application with the accepted terms and the signature, moving no money', async () => {
    const member = await createMember(t.app);
    const applied = await applyLoan(t.app, member, productId, '1000');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      productId,
      name: 'Test Loan 5',
      amount: '1000',
      approvalStatus: 0,
      status: 0,
      approvedAmount: null,
      dueDate: null,
      owed: { principal: '0', interest: '0', penalty: '0', total: '0' },
    });
    const [row] = await t.app.db.select().from(loans).where(eq(loans.userId, member.user.id));
    expect(row?.terms).toMatchObject({
      productName: 'Test Loan 5',
      dailyInterestRate: '0.001',
      contract: 'loan-contract',
    });
    expect(row?.signature).toMatch(/^[0-9a-f]{32}$/);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '0', frozen: '0' });
  });

  it('needs an integer amount and a signature (docs/product.md section 8 messages), in two languages', async () => {
    const member = await createMember(t.app);
    const sign = await signature(t.app, member);
    const decimal = await api(t.app).post(
      'loan/apply',
      {
        productId,
        amount: '100.5',
        signature: sign,
        agree: true,
      },
      { headers: member.headers },
    );
    expect(decimal.statusCode).toBe(422);
    expect(decimal.json().message).toEqual(['Enter the loan amount as a whole number in digits, such as 5000']);
    const unsigned = await api(t.app).post(
      'loan/apply',
      { productId, amount: '100', agree: true },
      { headers: { ...member.headers, 'x-soar-lang': 'de' } },
    );
    expect(unsigned.json().message).toEqual(['Bitte unterschreiben: eine Unterschrift ist erforderlich']);
    const japanese = await api(t.app).post(
      'loan/apply',
      { productId, amount: '1e3', signature: sign, agree: true },
      { headers: { ...member.headers, 'x-soar-lang': 'ja' } },
    );
    expect(japanese.json().message).toEqual(['借入額は整数を数字で入力してください（例：5000）']);
    const notAgreed = await api(t.app).post(
      'loan/apply',
      {
        productId,
        amount: '100',
        signature: sign,
        agree: false,
      },
      { headers: member.headers },
    );
    expect(notAgreed.json().message).toEqual(['Please tick and agree']);
  });

  it('keeps the amount within the product range', async () => {
    const member = await createMember(t.app);
    for (const amount of ['99', '5001']) {
      const response = await applyLoan(t.app, member, productId, amount);
      expect(response.json()).toEqual({
        code: 'LOAN_AMOUNT_OUT_OF_RANGE',
        message: 'The loan amount must be from 100 to 5000 USDT',
      });
    }
  });

  it("refuses another member's signature upload (IDOR) and an unknown one", async () => {
    const owner = await createMember(t.app);
    const thief = await createMember(t.app);
    const stolen = await signature(t.app, owner);
    const response = await applyLoan(t.app, thief, productId, '100', { signature: stolen });
    expect(response.json()).toMatchObject({ code: 'SIGNATURE_NOT_FOUND' });
    const unknown = await applyLoan(t.app, thief, productId, '100', { signature: 'a'.repeat(32) });
    expect(unknown.statusCode).toBe(422);
    expect(await t.app.db.select().from(loans).where(eq(loans.userId, thief.user.id))).toEqual([]);
  });

  it('takes one application at a time per member, even racing', async () => {
    const member = await createMember(t.app);
    const signatures = await Promise.all([signature(t.app, member), signature(t.app, member)]);
    const results = await Promise.all(
      signatures.map((sign) =>
        api(t.app).post(
          'loan/apply',
          { productId, amount: '200', signature: sign, agree: true },
          { headers: member.headers },
        ),
      ),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((response) => response.statusCode === 409);
    expect(refused?.json().message).toBe('You already have an application waiting for review');
  });

  it('requires a passed KYC when the operators say so, with its own message and the code to link on', async () => {
    const member = await createMember(t.app);
    const on = await api(t.app).post('admin/loan/setting', { requiresKyc: true }, { headers: finance.headers });
    expect(on.json().data).toEqual({ requiresKyc: true });
    expect((await api(t.app).get('loan/product/list')).json().data.requiresKyc).toBe(true);
    const refused = await applyLoan(t.app, member, productId, '100');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'KYC_REQUIRED',
      message: 'Please complete identity verification before applying for a loan',
    });
    const french = await api(t.app).post(
      'loan/apply',
      { productId, amount: '100', signature: await signature(t.app, member), agree: true },
      { headers: { ...member.headers, 'x-soar-lang': 'fr' } },
    );
    expect(french.json().message).toBe("Veuillez terminer la vérification d'identité avant de demander un prêt");
    await t.app.db.update(users).set({ kycStatus: 1 }).where(eq(users.id, member.user.id));
    expect((await applyLoan(t.app, member, productId, '100')).statusCode).toBe(200);
    await api(t.app).post('admin/loan/setting', { requiresKyc: false }, { headers: finance.headers });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'loan.setting'));
    expect(audit).toMatchObject({ before: { requiresKyc: false }, after: { requiresKyc: true } });
  });

  it('refuses a closed product and bad input with a clear 4xx', async () => {
    const member = await createMember(t.app);
    const closed = await createProduct(t.app, finance);
    await api(t.app).post('admin/loan/product/close', { id: closed.id }, { headers: finance.headers });
    expect((await applyLoan(t.app, member, closed.id, '100')).json().code).toBe('LOAN_PRODUCT_CLOSED');
    expect((await applyLoan(t.app, member, 999999, '100')).statusCode).toBe(404);
    expect((await applyLoan(t.app, member, 2 ** 31, '100')).statusCode).toBe(422);
    expect((await applyLoan(t.app, member, productId, '10000000000000000')).statusCode).toBe(422);
    expect((await applyLoan(t.app, member, productId, '100', { userId: 1 })).statusCode).toBe(422);
    expect((await applyLoan(t.app, member, productId, '100', { signature: 'ab\u0000cd' })).statusCode).toBe(422);
    expect(await t.app.db.select().from(loans).where(eq(loans.userId, member.user.id))).toEqual([]);
  });
});

describe('review', () => {
  it('approval disburses the approved amount from loans_receivable at once and notifies', async () => {
    const member = await createMember(t.app);
    const applied = (await applyLoan(t.app, member, productId, '1000')).json().data;
    const approved = await review({ id: applied.id, status: 1, amount: '800' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      approvalStatus: 1,
      status: 1,
      approvedAmount: '800',
      dueDate: '2026-11-21',
      userId: member.user.id,
      owed: { principal: '800', interest: '0', penalty: '0', total: '800' },
    });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '800', frozen: '0' });
    expect(await platformBalance(t.app, 'loans_receivable', 'USDT')).not.toBe('0');
    const [notice] = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(notice).toMatchObject({ kind: 'loanApproved', params: { amount: '800', currency: 'USDT' } });
    const again = await review({ id: applied.id, status: 2, reason: 'late' });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '800', frozen: '0' });
  });

  it('refusal needs a reason, moves nothing and notifies with it', async () => {
    const member = await createMember(t.app);
    const applied = (await applyLoan(t.app, member, productId, '300')).json().data;
    const noReason = await review({ id: applied.id, status: 2 });
    expect(noReason.json()).toMatchObject({ code: 'LOAN_REFUSE_REASON_REQUIRED' });
    const refused = await review({ id: applied.id, status: 2, reason: 'Income not verified' });
    expect(refused.json().data).toMatchObject({ approvalStatus: 2, status: 0, refuseReason: 'Income not verified' });
    const [notice] = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(notice).toMatchObject({ kind: 'loanRefused', params: { reason: 'Income not verified' } });
    const mine = await api(t.app).get('loan/list', { headers: member.headers });
    expect(mine.json().data.list).toMatchObject([
      { id: applied.id, approvalStatus: 2, refuseReason: 'Income not verified' },
    ]);
  });

  it('never approves more than was applied for', async () => {
    const member = await createMember(t.app);
    const applied = (await applyLoan(t.app, member, productId, '300')).json().data;
    const more = await review({ id: applied.id, status: 1, amount: '301' });
    expect(more.json()).toEqual({
      code: 'LOAN_APPROVE_AMOUNT_INVALID',
      message:
        "The approved amount must be from 100 to 300 USDT: within the product's range and at most the amount applied for",
    });
    expect((await review({ id: applied.id, status: 1, amount: '10.5' })).statusCode).toBe(422);
  });

  it('an approved amount below the product minimum is a 422 naming the amount, in two languages, and moves nothing', async () => {
    const member = await createMember(t.app);
    const applied = (await applyLoan(t.app, member, productId, '1000')).json().data;
    const below = await review({ id: applied.id, status: 1, amount: '50' });
    expect([below.statusCode, below.json()]).toEqual([
      422,
      {
        code: 'LOAN_APPROVE_AMOUNT_INVALID',
        message:
          "The approved amount must be from 100 to 1000 USDT: within the product's range and at most the amount applied for",
      },
    ]);
    const german = await review(
      { id: applied.id, status: 1, amount: '99' },
      { ...finance.headers, 'x-soar-lang': 'de' },
    );
    expect(german.json().message).toBe(
      'Der genehmigte Betrag muss zwischen 100 und 1000 USDT liegen: im Rahmen des Produkts und höchstens der beantragte Betrag',
    );
    const [row] = await t.app.db.select().from(loans).where(eq(loans.id, applied.id));
    expect(row).toMatchObject({ approvalStatus: 0, status: 0, approvedAmount: null, reviewerId: null });
    expect((await balanceOf(t.app, member.headers, 'USDT')).available ?? '0').toBe('0');
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(applied.id)));
    expect(audits.filter((audit) => audit.action === 'loan.review')).toEqual([]);
    const atMinimum = await review({ id: applied.id, status: 1, amount: '100' });
    expect(atMinimum.json().data).toMatchObject({ approvalStatus: 1, approvedAmount: '100' });
  });

  it('two operators approving at once disburse once', async () => {
    const member = await createMember(t.app);
    const applied = (await applyLoan(t.app, member, productId, '500')).json().data;
    const other = await createOperator(t.app, { role: 'finance' });
    const results = await Promise.all([
      review({ id: applied.id, status: 1 }),
      review({ id: applied.id, status: 1 }, other.headers),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '500', frozen: '0' });
  });

  it('lists the queue with the signature and terms, audited; finance and admin only', async () => {
    const queue = await api(t.app).get('admin/loan/list?approvalStatus=1', { headers: finance.headers });
    expect(queue.statusCode).toBe(200);
    const [item] = queue.json().data.list;
    expect(item).toMatchObject({ approvalStatus: 1, terms: { productName: 'Test Loan 5' } });
    const picture = await api(t.app).get(`upload/${item.signature}`, { headers: finance.headers });
    expect(picture.headers['content-type']).toBe('image/png');
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'loan.review'));
    expect(audits.length).toBeGreaterThan(0);
    const trading = await createOperator(t.app, { role: 'trading' });
    expect((await api(t.app).get('admin/loan/list', { headers: trading.headers })).statusCode).toBe(403);
    expect((await review({ id: item.id, status: 2, reason: 'x' }, trading.headers)).statusCode).toBe(403);
    const member = await createMember(t.app);
    expect((await review({ id: item.id, status: 2, reason: 'x' }, member.headers)).statusCode).toBe(401);
  });

  it('products: create, update and close, audited; loans keep the terms they accepted', async () => {
    const member = await createMember(t.app);
    const product = await createProduct(t.app, finance, { name: 'Editable' });
    const applied = (await applyLoan(t.app, member, product.id, '200')).json().data;
    const updated = await api(t.app).post(
      'admin/loan/product/update',
      {
        id: product.id,
        dailyInterestRate: '0.005',
      },
      { headers: finance.headers },
    );
    expect(updated.json().data).toMatchObject({ dailyInterestRate: '0.005', closedAt: null });
    const detail = await api(t.app).get(`loan/detail?id=${applied.id}`, { headers: member.headers });
    expect(detail.json().data).toMatchObject({ dailyInterestRate: '0.001', terms: { dailyInterestRate: '0.001' } });
    const invalid = await api(t.app).post(
      'admin/loan/product/update',
      {
        id: product.id,
        minAmount: '9000',
      },
      { headers: finance.headers },
    );
    expect(invalid.json()).toMatchObject({ code: 'LOAN_PRODUCT_INVALID' });
    const actions = await t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'loan_product'));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['loan-product.create', 'loan-product.update']),
    );
    const all = await api(t.app).get('admin/loan/product/list', { headers: finance.headers });
    expect(all.json().data.length).toBeGreaterThanOrEqual(3);
  });
});

describe("another member's loan (IDOR)", () => {
  it('answers 404 to detail, repay and preview, and changes nothing', async () => {
    const owner = await investor(t.app, finance, '100');
    const other = await investor(t.app, finance, '500');
    const applied = (await applyLoan(t.app, owner, productId, '200')).json().data;
    await review({ id: applied.id, status: 1 });
    expect((await api(t.app).get(`loan/detail?id=${applied.id}`, { headers: other.headers })).json().code).toBe(
      'LOAN_NOT_FOUND',
    );
    expect(
      (await api(t.app).get(`loan/repayment/preview?id=${applied.id}`, { headers: other.headers })).statusCode,
    ).toBe(404);
    const repay = await api(t.app).post('loan/repay', { id: applied.id, amount: '50' }, { headers: other.headers });
    expect(repay.statusCode).toBe(404);
    expect((await api(t.app).get('loan/list', { headers: other.headers })).json().data.total).toBe(0);
    expect(await balanceOf(t.app, other.headers, 'USDT')).toEqual({ available: '500', frozen: '0' });
    const mine = await api(t.app).get(`loan/detail?id=${applied.id}`, { headers: owner.headers });
    expect(mine.json().data.repaidTotal).toBe('0');
  });
});

describe('repayment input', () => {
  it('refuses zero, negative, over-precise, oversized, malformed and extra input with a clear 4xx, moving nothing', async () => {
    const member = await investor(t.app, finance, '100');
    const applied = (await applyLoan(t.app, member, productId, '200')).json().data;
    await review({ id: applied.id, status: 1 });
    const preview = (query: string) =>
      api(t.app).get(`loan/repayment/preview?id=${applied.id}&${query}`, { headers: member.headers });
    expect((await preview('amount=-5')).statusCode).toBe(422);
    expect((await preview('amount=0')).statusCode).toBe(422);
    expect((await preview('date=2026-13-01')).statusCode).toBe(422);
    expect((await preview('date=2025-01-01')).json().code).toBe('LOAN_PREVIEW_DATE_INVALID');
    expect((await preview('amount=1000')).json().code).toBe('LOAN_REPAY_TOO_MUCH');
    const repay = (body: object) => api(t.app).post('loan/repay', body, { headers: member.headers });
    const cases: [object, number][] = [
      [{ id: applied.id, amount: '0' }, 422],
      [{ id: applied.id, amount: '-10' }, 422],
      [{ id: applied.id, amount: 10 }, 422],
      [{ id: applied.id, amount: '10000000000000000' }, 422],
      // USDT has 6 decimals: a seventh is over-precise.
      [{ id: applied.id, amount: '1.0000005' }, 422],
      [{ id: applied.id, amount: '10', extra: true }, 422],
      [{ id: 2 ** 31, amount: '10' }, 422],
      [{ id: 999999, amount: '10' }, 404],
      [{ amount: '10' }, 422],
    ];
    for (const [body, status] of cases) expect((await repay(body)).statusCode, JSON.stringify(body)).toBe(status);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '300', frozen: '0' });
    const pending = (await applyLoan(t.app, await createMember(t.app), productId, '100')).json().data;
    expect((await repay({ id: pending.id, amount: '10' })).statusCode).toBe(404);
  });
});
