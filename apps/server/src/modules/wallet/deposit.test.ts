import { maxPendingDeposits } from '@soar/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isEvmAddress, isTronAddress } from '../../lib/chain-address.ts';
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
  upload,
} from '../../test/wallet.ts';

let t: TestApp;
let operator: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp({ dataDir: tempDataDir() });
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const bank = (proof: string, amount = '100') => ({
  type: 'bank',
  currency: 'USD',
  amount,
  proof,
  bankName: 'Bank of Test',
  bankBranch: 'Main',
  account: '0012345',
  bankCode: 'TESTUS33',
});

describe('deposit channels', () => {
  it('lists bank accounts and USDT addresses on both networks with valid checksums and QR data', async () => {
    const member = await createMember(t.app);
    const response = await api(t.app).get('deposit/channel/list', { headers: member.headers });
    expect(response.statusCode).toBe(200);
    const channels = response.json().data as { type: string; network: string; address: string; qr: string }[];
    expect(channels.filter((c) => c.type === 'bank').length).toBeGreaterThan(0);
    const trc = channels.find((c) => c.network === 'TRC20');
    const erc = channels.find((c) => c.network === 'ERC20');
    expect(trc && isTronAddress(trc.address)).toBe(true);
    expect(erc && isEvmAddress(erc.address)).toBe(true);
    expect(trc?.qr).toBe(trc?.address);
  });

  it('needs a login', async () => {
    const response = await api(t.app).get('deposit/channel/list');
    expect(response.statusCode).toBe(401);
  });
});

describe('deposit apply', () => {
  it('records a bank deposit as waiting and moves no money', async () => {
    const member = await createMember(t.app);
    const proof = (await upload(t.app, member.headers)).json().data.id;
    const response = await api(t.app).post('deposit/apply', bank(proof), { headers: member.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 0,
      amount: '100',
      convertedAmount: '100',
      creditCurrency: 'USD',
    });
    expect((await balanceOf(t.app, member.headers, 'USD')).available).toBe('0');
  });

  it('refuses an amount that is not a whole number of at least 1, in the request language', async () => {
    const member = await createMember(t.app);
    const proof = (await upload(t.app, member.headers)).json().data.id;
    for (const amount of ['0', '1.5', '0.9']) {
      const response = await api(t.app).post('deposit/apply', bank(proof, amount), { headers: member.headers });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toEqual(['The amount must be a whole number of at least 1']);
    }
    const text = await api(t.app).post('deposit/apply', bank(proof, 'lots'), { headers: member.headers });
    expect(text.json().message).toEqual(['Enter the amount in digits, such as 100']);
    const german = await api(t.app).post('deposit/apply', bank(proof, '0'), {
      headers: { ...member.headers, 'x-soar-lang': 'de' },
    });
    expect(german.statusCode).toBe(422);
    expect(german.json().message[0]).not.toBe('The amount must be a whole number of at least 1');
  });

  it('requires every bank field, naming each in the message', async () => {
    const member = await createMember(t.app);
    const response = await api(t.app).post(
      'deposit/apply',
      {
        type: 'bank',
        currency: 'USD',
        amount: '10',
      },
      { headers: member.headers },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(
      expect.arrayContaining(['Deposit proof is required', 'Bank name is required', 'Bank branch is required']),
    );
    const chinese = await api(t.app).post(
      'deposit/apply',
      {
        type: 'bank',
        currency: 'USD',
        amount: '10',
      },
      { headers: { ...member.headers, 'x-soar-lang': 'zh-CN' } },
    );
    expect(chinese.json().message.join(' ')).toContain('银行名称');
  });

  it('requires a proof or a transaction hash for crypto, in two languages', async () => {
    const member = await createMember(t.app);
    const body = { type: 'crypto', currency: 'USDT', network: 'TRC20', amount: '50' };
    const english = await api(t.app).post('deposit/apply', body, { headers: member.headers });
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual({
      code: 'PROOF_REQUIRED',
      message: 'Please upload the deposit proof or enter the transaction hash',
    });
    const french = await api(t.app).post('deposit/apply', body, {
      headers: { ...member.headers, 'x-soar-lang': 'fr' },
    });
    expect(french.json().message).toBe('Veuillez joindre le justificatif de dépôt ou saisir le hash de la transaction');
  });

  it("refuses another member's upload as proof (IDOR)", async () => {
    const owner = await createMember(t.app);
    const thief = await createMember(t.app);
    const proof = (await upload(t.app, owner.headers)).json().data.id;
    const response = await api(t.app).post('deposit/apply', bank(proof), { headers: thief.headers });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('PROOF_NOT_FOUND');
  });

  it('refuses an unknown currency', async () => {
    const member = await createMember(t.app);
    const proof = (await upload(t.app, member.headers)).json().data.id;
    const response = await api(t.app).post(
      'deposit/apply',
      { ...bank(proof), currency: 'XXX' },
      { headers: member.headers },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This currency is not available: XXX');
  });
});

describe('deposit review', () => {
  async function applied(amount = '100') {
    const member = await createMember(t.app);
    const response = await api(t.app).post(
      'deposit/apply',
      {
        type: 'crypto',
        currency: 'USDT',
        network: 'ERC20',
        amount,
        txHash: `0x${'cd'.repeat(32)}`,
      },
      { headers: member.headers },
    );
    return { member, id: response.json().data.id as number };
  }

  it('pass credits the amount once; a second review is refused with 409 and moves nothing', async () => {
    const { member, id } = await applied('100');
    const pass = await api(t.app).post('admin/deposit/review', { id, status: 1 }, { headers: operator.headers });
    expect(pass.statusCode, pass.body).toBe(200);
    expect(pass.json().data).toMatchObject({ status: 1, auditAmount: '100' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '100', frozen: '0' });
    for (const status of [1, 3]) {
      const again = await api(t.app).post(
        'admin/deposit/review',
        { id, status, remark: 'again' },
        { headers: operator.headers },
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/^Already decided by .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    }
    const japanese = await api(t.app).post(
      'admin/deposit/review',
      {
        id,
        status: 1,
      },
      { headers: { ...operator.headers, 'x-soar-lang': 'ja' } },
    );
    expect(japanese.json().message).toMatch(/すでに判断しました$/);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });

  it('part credits the audit amount, which must be above zero and below the amount', async () => {
    const { member, id } = await applied('100');
    for (const auditAmount of ['100', '0', '150']) {
      const bad = await api(t.app).post(
        'admin/deposit/review',
        { id, status: 2, auditAmount },
        { headers: operator.headers },
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().code).toBe('AUDIT_AMOUNT_INVALID');
    }
    // More decimals than the currency has would be credited as typed: refused, never rounded.
    const tooFine = await api(t.app).post(
      'admin/deposit/review',
      { id, status: 2, auditAmount: '60.0000001' },
      { headers: operator.headers },
    );
    expect(tooFine.statusCode).toBe(422);
    expect(tooFine.json().message).toEqual([expect.stringMatching(/^Audit amount has at most \d decimals in USDT$/)]);
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('0');
    const part = await api(t.app).post(
      'admin/deposit/review',
      {
        id,
        status: 2,
        auditAmount: '60',
      },
      { headers: operator.headers },
    );
    expect(part.json().data).toMatchObject({ status: 2, auditAmount: '60', convertedAmount: '60' });
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('60');
  });

  it('refuse credits nothing', async () => {
    const { member, id } = await applied('100');
    const refuse = await api(t.app).post(
      'admin/deposit/review',
      {
        id,
        status: 3,
        remark: 'no funds',
      },
      { headers: operator.headers },
    );
    expect(refuse.json().data).toMatchObject({ status: 3, auditAmount: null, remark: 'no funds' });
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('0');
  });

  it('two operators reviewing the same deposit at once credit it exactly once', async () => {
    const { member, id } = await applied('100');
    const other = await createOperator(t.app);
    const answers = await Promise.all(
      [operator, other, operator, other].map((o) =>
        api(t.app).post('admin/deposit/review', { id, status: 1 }, { headers: o.headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe('100');
  });

  it('writes the review to the audit log with before and after', async () => {
    const { id } = await applied('100');
    await api(t.app).post('admin/deposit/review', { id, status: 1 }, { headers: operator.headers });
    const audit = await api(t.app).get('admin/audit/list?entity=deposit', { headers: operator.headers });
    const entry = audit.json().data.list.find((e: { entityId: string }) => e.entityId === String(id));
    expect(entry).toMatchObject({ action: 'deposit.review', before: { status: 0 }, after: { status: 1 } });
  });

  it('lists pending deposits to operators by status and refuses member tokens', async () => {
    const { id, member } = await applied('100');
    const list = await api(t.app).get('admin/deposit/list?status=0', { headers: operator.headers });
    expect(list.json().data.list.map((d: { id: number }) => d.id)).toContain(id);
    const asMember = await api(t.app).get('admin/deposit/list', { headers: member.headers });
    expect(asMember.statusCode).toBe(401);
    const reviewAsMember = await api(t.app).post(
      'admin/deposit/review',
      { id, status: 1 },
      { headers: member.headers },
    );
    expect(reviewAsMember.statusCode).toBe(401);
  });
});

describe('deposit records', () => {
  it('lists only the own records, paged, with times in the client timezone', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    await fund(t.app, member, operator, '10');
    await fund(t.app, member, operator, '20');
    await fund(t.app, other, operator, '30');
    const response = await api(t.app).get('deposit/record/list?page=1&pageSize=1&tz=Asia/Tokyo', {
      headers: member.headers,
    });
    const data = response.json().data;
    expect(data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(data.list[0]).toMatchObject({ amount: '20', status: 1, timezone: 'Asia/Tokyo' });
    const utcHour = Number(data.list[0].submitTime.slice(11, 13));
    expect(Number(data.list[0].submitTimeLocal.slice(11, 13))).toBe((utcHour + 9) % 24);
    const header = await api(t.app).get('deposit/record/list', {
      headers: { ...member.headers, 'x-timezone': 'Europe/Paris' },
    });
    expect(header.json().data.list[0].timezone).toBe('Europe/Paris');
    const fallback = await api(t.app).get('deposit/record/list?tz=Not/AZone', { headers: member.headers });
    expect(fallback.json().data.list[0].timezone).toBe('UTC');
  });
});

describe('waiting deposits per member', () => {
  it('refuses more than maxPendingDeposits waiting deposits, even racing, and takes more once one is reviewed', async () => {
    const member = await createMember(t.app);
    const crypto = (amount: string) => ({
      type: 'crypto',
      currency: 'USDT',
      network: 'TRC20',
      amount,
      txHash: `0x${'cd'.repeat(32)}`,
    });
    const answers = await Promise.all(
      Array.from({ length: maxPendingDeposits + 5 }, (_, i) =>
        api(t.app).post('deposit/apply', crypto(String(100 + i)), { headers: member.headers }),
      ),
    );
    const passed = answers.filter((a) => a.statusCode === 200);
    expect(passed).toHaveLength(maxPendingDeposits);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(5).fill(422));
    expect(refused[0]?.json()).toEqual({
      code: 'DEPOSIT_PENDING_LIMIT',
      message: `You have ${maxPendingDeposits} deposits waiting for review: please wait until they are reviewed`,
    });
    const japanese = await api(t.app).post('deposit/apply', crypto('100'), {
      headers: { ...member.headers, 'x-soar-lang': 'ja' },
    });
    expect(japanese.json().message).toBe(
      `審査待ちの入金が ${maxPendingDeposits} 件あります。審査が終わるまでお待ちください`,
    );
    const records = (await api(t.app).get('deposit/record/list?pageSize=50', { headers: member.headers })).json().data;
    expect(records.total).toBe(maxPendingDeposits);
    const id = passed[0]?.json().data.id;
    const review = await api(t.app).post(
      'admin/deposit/review',
      { id, status: 3, remark: 'no' },
      { headers: operator.headers },
    );
    expect(review.statusCode).toBe(200);
    expect((await api(t.app).post('deposit/apply', crypto('100'), { headers: member.headers })).statusCode).toBe(200);
  });
});
