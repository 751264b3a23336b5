import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, balanceAdjustments, journalEntries, notices } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
} from '../../test/wallet.ts';

let t: TestApp;
let maker: { headers: Headers; operator: { id: number } };
let checker: { headers: Headers; operator: { id: number } };
beforeAll(async () => {
  t = await createTestApp();
  maker = await createOperator(t.app, { role: 'finance' });
  checker = await createOperator(t.app, { role: 'finance' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

async function propose(uid: string, direction: 'credit' | 'debit', amount: string, currency = 'USD') {
  const created = await api(t.app).post(
    'admin/adjustment/create',
    {
      uid,
      currency,
      direction,
      amount,
      reason: 'Correction of a bank fee charged twice',
    },
    { headers: maker.headers },
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data as { id: number; status: number };
}

describe('manual balance adjustments (maker-checker)', () => {
  it('a proposal moves nothing; another operator’s approval moves exactly the amount', async () => {
    const member = await createMember(t.app);
    const proposal = await propose(member.user.uid, 'credit', '125.5');
    expect(proposal).toMatchObject({ status: 0, makerId: maker.operator.id, checkerId: null, amount: '125.5' });
    expect((await balanceOf(t.app, member.headers, 'USD')).available).toBe('0');
    const approved = await api(t.app).post(
      'admin/adjustment/approve',
      { id: proposal.id },
      { headers: checker.headers },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 1,
      checkerId: checker.operator.id,
      checkerName: expect.any(String),
    });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '125.5', frozen: '0' });
    const [entry] = await t.app.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `adjustment:${proposal.id}`));
    expect(entry?.kind).toBe('adjustment');
    const [notice] = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(notice).toMatchObject({ kind: 'adjustmentCredit', params: { amount: '125.5', currency: 'USD' } });
    const actions = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(proposal.id)));
    expect(actions.filter((row) => row.entity === 'adjustment').map((row) => [row.action, row.operatorId])).toEqual([
      ['adjustment.create', maker.operator.id],
      ['adjustment.approve', checker.operator.id],
    ]);
  });

  it('the maker cannot approve their own adjustment, and nothing moves', async () => {
    const member = await createMember(t.app);
    const proposal = await propose(member.user.uid, 'credit', '50');
    const own = await api(t.app).post(
      'admin/adjustment/approve',
      { id: proposal.id },
      { headers: { ...maker.headers, 'x-soar-lang': 'fr' } },
    );
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ code: 'ADJUSTMENT_OWN', message: 'Un autre opérateur doit approuver cet ajustement' });
    expect((await balanceOf(t.app, member.headers, 'USD')).available).toBe('0');
    const list = await api(t.app).get(`admin/adjustment/list?uid=${member.user.uid}`, { headers: checker.headers });
    expect(list.json().data.list[0]).toMatchObject({ id: proposal.id, status: 0 });
  });

  it('a debit takes money back; one the balance cannot cover is refused and stays pending', async () => {
    const member = await createMember(t.app);
    await fund(t.app, member, checker, '100', 'USDT');
    const debit = await propose(member.user.uid, 'debit', '30', 'USDT');
    expect(
      (await api(t.app).post('admin/adjustment/approve', { id: debit.id }, { headers: checker.headers })).statusCode,
    ).toBe(200);
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('70');
    const tooMuch = await propose(member.user.uid, 'debit', '70.01', 'USDT');
    const refused = await api(t.app).post('admin/adjustment/approve', { id: tooMuch.id }, { headers: checker.headers });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'INSUFFICIENT_BALANCE']);
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('70');
    const pending = await api(t.app).get(`admin/adjustment/list?status=0&uid=${member.user.uid}`, {
      headers: checker.headers,
    });
    expect(pending.json().data.list.map((row: { id: number }) => row.id)).toEqual([tooMuch.id]);
  });

  it('a rejected or decided adjustment cannot be decided again; the maker may withdraw their own', async () => {
    const member = await createMember(t.app);
    const first = await propose(member.user.uid, 'credit', '10');
    const withdrawn = await api(t.app).post(
      'admin/adjustment/reject',
      {
        id: first.id,
        remark: 'typo',
      },
      { headers: maker.headers },
    );
    expect(withdrawn.json().data).toMatchObject({ status: 2, checkerId: maker.operator.id, remark: 'typo' });
    const late = await api(t.app).post('admin/adjustment/approve', { id: first.id }, { headers: checker.headers });
    expect([late.statusCode, late.json().code]).toEqual([409, 'ALREADY_REVIEWED']);
    expect((await balanceOf(t.app, member.headers, 'USD')).available).toBe('0');
  });

  it('racing approvals of one adjustment move the money once', async () => {
    const member = await createMember(t.app);
    const proposal = await propose(member.user.uid, 'credit', '40');
    const others = await Promise.all([1, 2, 3].map(() => createOperator(t.app, { role: 'finance' })));
    const answers = await Promise.all(
      [checker, ...others].map((operator) =>
        api(t.app).post('admin/adjustment/approve', { id: proposal.id }, { headers: operator.headers }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await balanceOf(t.app, member.headers, 'USD')).available).toBe('40');
  });

  it('a replayed approval with the same Idempotency-Key answers the first result and moves nothing more', async () => {
    const member = await createMember(t.app);
    const proposal = await propose(member.user.uid, 'credit', '7');
    const headers = { ...checker.headers, 'idempotency-key': `approve-${proposal.id}` };
    const first = await api(t.app).post('admin/adjustment/approve', { id: proposal.id }, { headers: headers });
    const again = await api(t.app).post('admin/adjustment/approve', { id: proposal.id }, { headers: headers });
    expect(again.json()).toEqual(first.json());
    expect((await balanceOf(t.app, member.headers, 'USD')).available).toBe('7');
  });

  it('an amount with more decimals than its currency is a 422 naming the field, in two languages, and creates nothing', async () => {
    const member = await createMember(t.app);
    const body = { uid: member.user.uid, direction: 'credit', reason: 'Correction of a bank fee' };
    const cases: [string, string, string, string][] = [
      ['USD', '0.001', 'en', 'Amount has at most 2 decimals in USD'],
      ['USD', '520000.001', 'fr', 'Montant a au plus 2 décimales en USD'],
      ['JPY', '1.5', 'en', 'Amount has at most 0 decimals in JPY'],
      ['USDT', '10.1234567', 'en', 'Amount has at most 6 decimals in USDT'],
    ];
    for (const [currency, amount, lang, message] of cases) {
      const response = await api(t.app).post(
        'admin/adjustment/create',
        { ...body, currency, amount },
        { headers: maker.headers, lang },
      );
      expect([response.statusCode, response.json()], `${amount} ${currency}`).toEqual([
        422,
        { code: 'VALIDATION_FAILED', message: [message] },
      ]);
    }
    const list = await api(t.app).get(`admin/adjustment/list?uid=${member.user.uid}`, { headers: checker.headers });
    expect(list.json().data.total).toBe(0);
    const accepted = await propose(member.user.uid, 'credit', '0.01');
    const yen = await propose(member.user.uid, 'credit', '15', 'JPY');
    expect([accepted.status, yen.status]).toEqual([0, 0]);
  });

  it('a pending adjustment with more decimals than its currency is not approved and moves nothing', async () => {
    const member = await createMember(t.app);
    const proposal = await propose(member.user.uid, 'credit', '5');
    // A proposal stored before the rule (docs/admin.md, Rules): the approval checks it again.
    await t.app.db
      .update(balanceAdjustments)
      .set({ amount: '520000.001' })
      .where(eq(balanceAdjustments.id, proposal.id));
    const approved = await api(t.app).post(
      'admin/adjustment/approve',
      { id: proposal.id },
      { headers: checker.headers },
    );
    expect([approved.statusCode, approved.json()]).toEqual([
      422,
      { code: 'VALIDATION_FAILED', message: ['Amount has at most 2 decimals in USD'] },
    ]);
    expect((await balanceOf(t.app, member.headers, 'USD')).available ?? '0').toBe('0');
    const [row] = await t.app.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, proposal.id));
    expect(row).toMatchObject({ status: 0, checkerId: null, entryId: null });
  });

  it('names the member by UID: a database id, a malformed or an unknown UID is a 422 naming the field, and creates nothing', async () => {
    const member = await createMember(t.app);
    const body = { currency: 'USD', direction: 'credit', amount: '1', reason: 'Correction of a bank fee' };
    const cases: [unknown, string, string][] = [
      [String(member.user.id), 'en', 'Member UID must be 8 digits, such as 10000001'],
      ['1234567a', 'en', 'Member UID must be 8 digits, such as 10000001'],
      ['99999998', 'en', 'Member UID: no member has the UID 99999998'],
      ['99999998', 'de', 'Mitglieds-UID: Kein Mitglied hat die UID 99999998'],
    ];
    for (const [uid, lang, message] of cases) {
      const response = await api(t.app).post(
        'admin/adjustment/create',
        { ...body, uid },
        { headers: maker.headers, lang },
      );
      expect([response.statusCode, response.json()], `${uid} ${lang}`).toEqual([
        422,
        { code: 'VALIDATION_FAILED', message: [message] },
      ]);
    }
    const byId = await api(t.app).post(
      'admin/adjustment/create',
      { ...body, userId: member.user.id },
      { headers: maker.headers },
    );
    expect(byId.statusCode).toBe(422);
    const none = await api(t.app).get(`admin/adjustment/list?uid=${member.user.uid}`, { headers: checker.headers });
    expect(none.json().data.total).toBe(0);
    const listById = await api(t.app).get(`admin/adjustment/list?uid=${member.user.id}`, { headers: checker.headers });
    expect(listById.statusCode).toBe(422);

    const proposal = await propose(member.user.uid, 'credit', '3');
    const other = await createMember(t.app);
    await propose(other.user.uid, 'credit', '4');
    const list = (
      await api(t.app).get(`admin/adjustment/list?uid=${member.user.uid}`, { headers: checker.headers })
    ).json().data;
    expect(list.list.map((row: { id: number; uid: string }) => [row.id, row.uid])).toEqual([
      [proposal.id, member.user.uid],
    ]);
  });

  it('answers bad input with a clear 4xx and creates nothing', async () => {
    const member = await createMember(t.app);
    const valid = { uid: member.user.uid, currency: 'USD', direction: 'credit', amount: '1', reason: 'valid reason' };
    const bad: [unknown, number, string?][] = [
      [{ ...valid, amount: '10000000000000000' }, 422],
      [{ ...valid, amount: '0' }, 422],
      [{ ...valid, amount: '-5' }, 422],
      [{ ...valid, amount: 5 }, 422],
      [{ ...valid, amount: '1.123456789' }, 422],
      [{ ...valid, uid: '1234567' }, 422],
      [{ ...valid, uid: member.user.id }, 422],
      [{ ...valid, currency: 'XXX' }, 422, 'CURRENCY_UNKNOWN'],
      [{ ...valid, direction: 'sideways' }, 422],
      [{ ...valid, reason: 'valid reason\u0000' }, 422],
      [{ ...valid, reason: '' }, 422],
      [{ uid: member.user.uid }, 422],
    ];
    for (const [body, status, code] of bad) {
      const response = await api(t.app).post('admin/adjustment/create', body as object, { headers: maker.headers });
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
      if (code) expect(response.json().code).toBe(code);
    }
    expect(
      (await api(t.app).post('admin/adjustment/approve', { id: 2 ** 31 }, { headers: checker.headers })).statusCode,
    ).toBe(422);
    expect(
      (await api(t.app).post('admin/adjustment/approve', { id: 2 ** 31 - 1 }, { headers: checker.headers })).statusCode,
    ).toBe(404);
    expect((await balanceOf(t.app, member.headers, 'USD')).available).toBe('0');
  });
});
