import { translate } from '@soar/i18n';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  payPassword,
  tempDataDir,
  upload,
  walletMember,
} from '../../test/wallet.ts';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp({ dataDir: tempDataDir() });
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

/** The same refusal in English and Japanese: each the catalogue's message, and not the same text. */
async function expectLocalised(
  send: (lang: 'en' | 'ja') => Promise<LightMyRequestResponse>,
  code: string,
  status: number,
  params: Record<string, string> = {},
) {
  const texts: string[] = [];
  for (const lang of ['en', 'ja'] as const) {
    const response = await send(lang);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ code, message: translate(lang, `errors.${code}`, params) });
    texts.push(response.json().message);
  }
  expect(texts[0]).not.toBe(texts[1]);
}

describe('wallet refusals in two languages', () => {
  it('ADDRESS_EXISTS, WALLET_NOT_FOUND', async () => {
    const member = await walletMember(t.app);
    const as = (lang: string) => ({ ...member.headers, 'x-soar-lang': lang });
    const body = {
      name: 'Again',
      currency: 'USDT',
      network: 'TRC20',
      address: 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD',
      payPassword,
    };
    await expectLocalised(
      (lang) => api(t.app).post('wallet/address/add', body, { headers: as(lang) }),
      'ADDRESS_EXISTS',
      409,
    );
    await expectLocalised(
      (lang) => api(t.app).post('wallet/address/remove', { id: 999_999 }, { headers: as(lang) }),
      'WALLET_NOT_FOUND',
      404,
    );
  });

  it('SAME_CURRENCY, CURRENCY_UNKNOWN, INSUFFICIENT_BALANCE', async () => {
    const member = await createMember(t.app);
    const as = (lang: string) => ({ ...member.headers, 'x-soar-lang': lang });
    await expectLocalised(
      (lang) =>
        api(t.app).post('transfer/apply', { from: 'USD', to: 'USD', amount: '1', payPassword }, { headers: as(lang) }),
      'SAME_CURRENCY',
      422,
    );
    await expectLocalised(
      (lang) =>
        api(t.app).post('transfer/apply', { from: 'XYZ', to: 'USD', amount: '1', payPassword }, { headers: as(lang) }),
      'CURRENCY_UNKNOWN',
      422,
      { currency: 'XYZ' },
    );
    await expectLocalised(
      (lang) =>
        api(t.app).post('transfer/apply', { from: 'EUR', to: 'USD', amount: '1', payPassword }, { headers: as(lang) }),
      'INSUFFICIENT_BALANCE',
      400,
    );
  });

  it('AUDIT_AMOUNT_INVALID, ALREADY_REVIEWED', async () => {
    const member = await createMember(t.app);
    const applied = await api(t.app).post(
      'deposit/apply',
      {
        type: 'crypto',
        currency: 'USDT',
        network: 'TRC20',
        amount: '10',
        txHash: `0x${'12'.repeat(32)}`,
      },
      { headers: member.headers },
    );
    const id = applied.json().data.id;
    const as = (lang: string) => ({ ...operator.headers, 'x-soar-lang': lang });
    await expectLocalised(
      (lang) => api(t.app).post('admin/deposit/review', { id, status: 2 }, { headers: as(lang) }),
      'AUDIT_AMOUNT_INVALID',
      422,
    );
    await api(t.app).post('admin/deposit/review', { id, status: 3, remark: 'no funds' }, { headers: operator.headers });
    // A stale decision says who decided and when (docs/admin.md, Queues), in the operator's language.
    const texts: string[] = [];
    for (const lang of ['en', 'ja'] as const) {
      const again = await api(t.app).post('admin/deposit/review', { id, status: 1 }, { headers: as(lang) });
      expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_REVIEWED']);
      expect(again.json().message).toContain(operator.operator.username);
      texts.push(again.json().message);
    }
    expect(texts[0]).toMatch(/^Already decided by /);
    expect(texts[0]).not.toBe(texts[1]);
  });

  it('PROOF_NOT_FOUND, UPLOAD_UNREADABLE, UPLOAD_TOO_LARGE, UPLOAD_MISSING', async () => {
    const member = await createMember(t.app);
    const as = (lang: string) => ({ ...member.headers, 'x-soar-lang': lang });
    await expectLocalised(
      (lang) =>
        api(t.app).post(
          'deposit/apply',
          {
            type: 'bank',
            currency: 'USD',
            amount: '10',
            proof: 'f'.repeat(32),
            bankName: 'Bank',
            bankBranch: 'Branch',
            account: '1',
            bankCode: 'CODE',
          },
          { headers: as(lang) },
        ),
      'PROOF_NOT_FOUND',
      422,
    );
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    await expectLocalised((lang) => upload(t.app, as(lang), 'x.jpg', broken), 'UPLOAD_UNREADABLE', 422);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]);
    await expectLocalised((lang) => upload(t.app, as(lang), 'big.jpg', big), 'UPLOAD_TOO_LARGE', 413);
    await expectLocalised((lang) => api(t.app).post('upload', {}, { headers: as(lang) }), 'UPLOAD_MISSING', 400);
  });

  it('WITHDRAW_BELOW_MINIMUM, IDEMPOTENCY_KEY_INVALID', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, operator, '50');
    const as = (lang: string) => ({ ...member.headers, 'x-soar-lang': lang });
    const body = { amount: '9', currency: 'USDT', walletId: member.walletId, payPassword };
    await expectLocalised(
      (lang) => api(t.app).post('withdraw/apply', body, { headers: as(lang) }),
      'WITHDRAW_BELOW_MINIMUM',
      422,
      { minimum: '10', currency: 'USDT' },
    );
    await expectLocalised(
      (lang) =>
        api(t.app).post(
          'withdraw/apply',
          { ...body, amount: '10' },
          { headers: { ...as(lang), 'idempotency-key': 'x'.repeat(200) } },
        ),
      'IDEMPOTENCY_KEY_INVALID',
      400,
    );
  });
});
