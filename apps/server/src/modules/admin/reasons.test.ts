import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { depositStatuses, withdrawStatuses } from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deposits, kycApplications, users, withdrawals } from '../../db/schema/index.ts';
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
  upload,
  walletMember,
} from '../../test/wallet.ts';

// What needs a reason or a reference (docs/admin.md, Reasons and references).
let t: TestApp;
let compliance: { headers: Headers; operator: { id: number; username: string } };
let finance: { headers: Headers; operator: { id: number; username: string } };

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(`${tmpdir()}/soar-reasons-`) });
  compliance = await createOperator(t.app, { role: 'compliance' });
  finance = await createOperator(t.app, { role: 'finance' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const auditsOf = (entity: 'member' | 'deposit' | 'withdrawal' | 'kyc', id: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))));

describe('freezing a member needs a reason', () => {
  it('refuses a freeze or unfreeze without a reason (422, in the request language) and changes nothing', async () => {
    const member = await createMember(t.app);
    for (const body of [
      { id: member.user.id, login: true },
      { id: member.user.id, withdraw: true, reason: '   ' },
      { id: member.user.id, login: false, reason: '' },
    ]) {
      const refused = await api(t.app).post('admin/user/freeze', body, { headers: compliance.headers, lang: 'de' });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: ['Begründung ist erforderlich'] });
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ loginFrozen: false, withdrawFrozen: false });
    expect(await auditsOf('member', member.user.id)).toEqual([]);
    expect((await api(t.app).get('member/profile', { headers: member.headers })).statusCode).toBe(200);
  });

  it('records the reason, and the member page shows the latest freeze and unfreeze of each kind with who and when', async () => {
    const member = await createMember(t.app);
    const freeze = (body: object) =>
      api(t.app).post('admin/user/freeze', { id: member.user.id, ...body }, { headers: compliance.headers });
    expect((await freeze({ login: true, reason: '  Account takeover reported  ' })).statusCode).toBe(200);
    expect((await freeze({ withdraw: true, reason: 'Source of funds check' })).statusCode).toBe(200);
    expect((await freeze({ login: false, reason: 'Owner verified by phone' })).statusCode).toBe(200);

    const detail = await api(t.app).get(`admin/user/detail?uid=${member.user.uid}`, { headers: compliance.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const { freezes, loginFrozen, withdrawFrozen } = detail.json().data;
    expect({ loginFrozen, withdrawFrozen }).toEqual({ loginFrozen: false, withdrawFrozen: true });
    expect(freezes).toEqual({
      login: {
        frozen: false,
        reason: 'Owner verified by phone',
        operatorName: compliance.operator.username,
        time: expect.any(String),
      },
      withdraw: {
        frozen: true,
        reason: 'Source of funds check',
        operatorName: compliance.operator.username,
        time: expect.any(String),
      },
    });
    const audits = await auditsOf('member', member.user.id);
    expect(audits.map((row) => [row.action, (row.after as { reason: string }).reason])).toEqual([
      ['member.freeze', 'Account takeover reported'],
      ['member.freeze', 'Source of funds check'],
      ['member.freeze', 'Owner verified by phone'],
    ]);
  });

  it('shows no freeze on a member never frozen', async () => {
    const member = await createMember(t.app);
    const detail = await api(t.app).get(`admin/user/detail?uid=${member.user.uid}`, { headers: compliance.headers });
    expect(detail.json().data.freezes).toEqual({ login: null, withdraw: null });
  });
});

describe('refusing a deposit needs a remark', () => {
  async function applied() {
    const member = await createMember(t.app);
    const response = await api(t.app).post(
      'deposit/apply',
      { type: 'crypto', currency: 'USDT', network: 'TRC20', amount: '100', txHash: `0x${'ab'.repeat(32)}` },
      { headers: member.headers },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { member, id: response.json().data.id as number };
  }

  it('refuses a refusal without a remark (422) and leaves the deposit waiting', async () => {
    const { id } = await applied();
    for (const remark of [undefined, '', '  ']) {
      const refused = await api(t.app).post(
        'admin/deposit/review',
        { id, status: depositStatuses.refuse, remark },
        { headers: finance.headers, lang: 'zh-CN' },
      );
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: ['备注不能为空'] });
    }
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.id, id));
    expect(row).toMatchObject({ status: depositStatuses.wait, remark: null });
    expect(await auditsOf('deposit', id)).toEqual([]);
  });

  it('stores the remark, and the member reads it on their deposit record', async () => {
    const { member, id } = await applied();
    const refused = await api(t.app).post(
      'admin/deposit/review',
      { id, status: depositStatuses.refuse, remark: 'The transfer never arrived' },
      { headers: finance.headers },
    );
    expect(refused.statusCode, refused.body).toBe(200);
    const records = (await api(t.app).get('deposit/record/list', { headers: member.headers })).json().data;
    expect(records.list).toMatchObject([{ id, status: depositStatuses.refuse, remark: 'The transfer never arrived' }]);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '0', frozen: '0' });
  });
});

describe('a withdrawal paid by hand records its payout reference', () => {
  async function waiting() {
    const member = await walletMember(t.app);
    await fund(t.app, member, finance, '100');
    const applied = await api(t.app).post(
      'withdraw/apply',
      { amount: '50', currency: 'USDT', walletId: member.walletId, payPassword },
      { headers: member.headers },
    );
    expect(applied.statusCode, applied.body).toBe(200);
    return { member, id: applied.json().data.id as number };
  }

  it('refuses a pass without a reference (422) and moves nothing', async () => {
    const { member, id } = await waiting();
    for (const payoutReference of [undefined, ' ']) {
      const refused = await api(t.app).post(
        'admin/withdraw/review',
        { id, status: withdrawStatuses.pass, payoutReference },
        { headers: finance.headers, lang: 'fr' },
      );
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: ['Référence du paiement est obligatoire'],
      });
    }
    const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: withdrawStatuses.wait, payoutReference: null });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '49', frozen: '51' });
    expect(await auditsOf('withdrawal', id)).toEqual([]);
  });

  it('stores the reference and shows it to operators and the member; a refusal needs none', async () => {
    const { member, id } = await waiting();
    const passed = await api(t.app).post(
      'admin/withdraw/review',
      { id, status: withdrawStatuses.pass, payoutReference: ' 7f3a9c01e2 ' },
      { headers: finance.headers },
    );
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data).toMatchObject({ status: withdrawStatuses.pass, payoutReference: '7f3a9c01e2' });
    const queue = (await api(t.app).get('admin/withdraw/list?status=1', { headers: finance.headers })).json().data;
    expect(queue.list.find((row: { id: number }) => row.id === id)).toMatchObject({ payoutReference: '7f3a9c01e2' });
    const records = (await api(t.app).get('withdraw/record/list', { headers: member.headers })).json().data;
    expect(records.list).toMatchObject([{ id, status: withdrawStatuses.pass, payoutReference: '7f3a9c01e2' }]);
    const [audit] = await auditsOf('withdrawal', id);
    expect(audit?.after).toMatchObject({ payoutReference: '7f3a9c01e2' });

    const other = await waiting();
    const refused = await api(t.app).post(
      'admin/withdraw/review',
      { id: other.id, status: withdrawStatuses.refuse, remark: 'Wallet flagged' },
      { headers: finance.headers },
    );
    expect(refused.json().data).toMatchObject({ status: withdrawStatuses.refuse, payoutReference: null });
  });
});

describe('KYC cannot pass while a field is refused', () => {
  it('refuses a pass that marks a field refused (422) and leaves the submission under review', async () => {
    const member = await createMember(t.app);
    const image = async () => (await upload(t.app, member.headers)).json().data.id as string;
    const submitted = await api(t.app).post(
      'kyc/submit',
      {
        docType: 'idcard',
        firstName: 'Ada',
        lastName: 'Lovelace',
        idNumber: 'AB-123456',
        front: await image(),
        back: await image(),
      },
      { headers: member.headers },
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = submitted.json().data.application.id as number;
    const refused = await api(t.app).post(
      'admin/kyc/review',
      { id, status: 1, reasons: { lastName: 'Does not match the photo' } },
      { headers: compliance.headers, lang: 'ja' },
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      code: 'KYC_PASS_WITH_REFUSED',
      message: '否認した項目がある申請は承認できません。否認を外すか、申請を否認してください',
    });
    const [application] = await t.app.db.select().from(kycApplications).where(eq(kycApplications.id, id));
    expect(application).toMatchObject({ status: 0, reviewerId: null });
    const [user] = await t.app.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user?.kycStatus).toBe(0);
    expect(await auditsOf('kyc', id)).toEqual([]);

    const passed = await api(t.app).post('admin/kyc/review', { id, status: 1 }, { headers: compliance.headers });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data).toMatchObject({ status: 1, reasons: {} });
  });
});
