import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createFund, createProduct, fundInput, productInput } from '../../test/products.ts';
import { createMember, createOperator, type Headers } from '../../test/wallet.ts';

/**
 * docs/admin.md, Rules: every number an operator sends is range-checked by the server. Out of
 * range is a 422 naming the field in the request's language, nothing is saved, and the value is
 * never clamped to the nearest allowed one (the back office once turned VIP 11 into 10).
 */
let t: TestApp;
let admin: { headers: Headers };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createOperator(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const post = (url: string, body: object, lang = 'en') => api(t.app).post(url, body, { headers: admin.headers, lang });
const get = async (url: string) => (await api(t.app).get(url, { headers: admin.headers })).json().data;
const audits = async () => (await t.app.db.select().from(auditLog)).length;

/** Each case is refused with exactly this one message, and the state read after is what it was. */
async function expectRefused(url: string, cases: [object, string][], read: () => Promise<unknown>) {
  const before = await read();
  const auditsBefore = await audits();
  for (const [body, message] of cases) {
    const response = await post(url, body);
    expect([response.statusCode, response.json()], `${url} ${JSON.stringify(body)}`).toEqual([
      422,
      { code: 'VALIDATION_FAILED', message: [message] },
    ]);
  }
  expect(await read()).toEqual(before);
  expect(await audits()).toBe(auditsBefore);
}

describe('operator numbers out of range are refused, never clamped', () => {
  it('a VIP level above 10, below 0 or not whole is a 422 naming the VIP level, in two languages', async () => {
    const member = await createMember(t.app);
    const id = member.user.id;
    await expectRefused(
      'admin/user/vip',
      [
        [{ id, vipLevel: 11 }, 'VIP level must be at most 10'],
        [{ id, vipLevel: -1 }, 'VIP level must be at least 0'],
        [{ id, vipLevel: 2.5 }, 'VIP level must be a whole number'],
      ],
      async () => (await get(`admin/user/detail?uid=${member.user.uid}`)).vipLevel,
    );
    const chinese = await post('admin/user/vip', { id, vipLevel: 11 }, 'zh-CN');
    expect(chinese.json().message).toEqual([expect.stringContaining('10')]);
    expect((await post('admin/user/vip', { id, vipLevel: 10 })).json().data.vipLevel).toBe(10);
  });

  it('fee schedule rates, values and VIP levels out of range are a 422 naming the field', async () => {
    const us = { market: 'US', rate: '0.0005', minimum: '1', platformFee: '0.5', vipDiscounts: [] };
    await expectRefused(
      'admin/trade/fee/update',
      [
        [{ ...us, rate: '1.5' }, 'Rate must be between 0 and 1'],
        [{ ...us, rate: '-0.1' }, 'Rate must be between 0 and 1'],
        [{ ...us, minimum: '-1' }, 'Minimum must be a decimal number'],
        [{ ...us, platformFee: '-0.5' }, 'Platform fee must be a decimal number'],
        [{ ...us, vipDiscounts: [{ level: 11, discount: '0.1' }] }, 'Level must be at most 10'],
        [{ ...us, vipDiscounts: [{ level: -1, discount: '0.1' }] }, 'Level must be at least 0'],
        [{ ...us, vipDiscounts: [{ level: 1, discount: '1.5' }] }, 'Discount must be between 0 and 1'],
        [{ ...us, stopOutRatio: '0' }, 'Stop-out ratio must be between 0 and 1'],
      ],
      () => get('admin/trade/fee/list'),
    );
  });

  it('quant fund days, rates and sort out of range are a 422 naming the field, on create and update', async () => {
    const fund = await createFund(t.app, admin);
    const cases: [object, string][] = [
      [{ cycleDays: 0 }, 'Cycle (days) must be at least 1'],
      [{ cycleDays: 366 }, 'Cycle (days) must be at most 365'],
      [{ dailyRateMin: '1.5' }, 'Lowest daily rate must be a daily rate from 0 to below 1, such as 0.0035'],
      [{ dailyRateMax: '-0.01' }, 'Highest daily rate must be a daily rate from 0 to below 1, such as 0.0035'],
      [{ sort: 1001 }, 'Sort order must be at most 1000'],
      [{ sort: -1001 }, 'Sort order must be at least -1000'],
    ];
    const read = () => get('admin/quant/list');
    await expectRefused(
      'admin/quant/create',
      cases.map(([input, message]) => [{ ...fundInput, ...input }, message]),
      read,
    );
    await expectRefused(
      'admin/quant/update',
      cases.map(([input, message]) => [{ id: fund.id, ...input }, message]),
      read,
    );
  });

  it('loan product days, rates, amounts and sort out of range are a 422 naming the field, on create and update', async () => {
    const product = await createProduct(t.app, admin);
    const cases: [object, string][] = [
      [{ cycleDays: 0 }, 'Cycle (days) must be at least 1'],
      [{ cycleDays: 366 }, 'Cycle (days) must be at most 365'],
      [{ dailyInterestRate: '1.2' }, 'Daily interest rate must be a daily rate from 0 to below 1, such as 0.0035'],
      [{ dailyPenaltyRate: '-0.002' }, 'Daily penalty rate must be a daily rate from 0 to below 1, such as 0.0035'],
      [{ minAmount: '0' }, 'Enter the loan amount as a whole number in digits, such as 5000'],
      [{ sort: -1001 }, 'Sort order must be at least -1000'],
    ];
    const read = () => get('admin/loan/product/list');
    await expectRefused(
      'admin/loan/product/create',
      cases.map(([input, message]) => [{ ...productInput, ...input }, message]),
      read,
    );
    await expectRefused(
      'admin/loan/product/update',
      cases.map(([input, message]) => [{ id: product.id, ...input }, message]),
      read,
    );
  });

  it('block offer quantities out of range are a 422 naming the field, on create and update', async () => {
    const offer = {
      symbol: 'AAPL',
      price: '95',
      minQuantity: 10_000,
      maxQuantity: 30_000,
      opensAt: '2026-11-16T00:00:00Z',
      closesAt: '2026-11-20T00:00:00Z',
    };
    const created = await post('admin/blocktrade/offer/create', offer);
    expect(created.statusCode, created.body).toBe(200);
    const cases: [object, string][] = [
      [{ minQuantity: -3 }, 'Minimum quantity must be at least 10,000 shares'],
      [{ minQuantity: 9_999 }, 'Minimum quantity must be at least 10,000 shares'],
      [{ maxQuantity: 100_000_001 }, 'Maximum quantity must be at most 100000000'],
      [{ maxQuantity: 20_000.5 }, 'Maximum quantity must be a whole number'],
    ];
    const read = () => get('admin/blocktrade/offer/list');
    await expectRefused(
      'admin/blocktrade/offer/create',
      cases.map(([input, message]) => [{ ...offer, ...input }, message]),
      read,
    );
    await expectRefused(
      'admin/blocktrade/offer/update',
      cases.map(([input, message]) => [{ id: created.json().data.id, ...input }, message]),
      read,
    );
  });

  it('banner and deposit channel sort orders out of range are a 422 naming the field', async () => {
    const banner = { translations: { en: { title: 'IPO week', text: 'Three listings' } }, style: 1 };
    await expectRefused(
      'admin/banner/create',
      [
        [{ ...banner, sort: -1 }, 'Sort order must be at least 0'],
        [{ ...banner, sort: 1001 }, 'Sort order must be at most 1000'],
        [{ ...banner, style: 3 }, 'Style is not valid'],
      ],
      () => get('admin/banner/list'),
    );
    const channel = { type: 'bank', currency: 'USD', bankName: 'Soar Bank', accountNumber: '123' };
    await expectRefused(
      'admin/deposit-channel/create',
      [
        [{ ...channel, sort: 1001 }, 'Sort order must be at most 1000'],
        [{ ...channel, sort: -1001 }, 'Sort order must be at least -1000'],
        [{ ...channel, sort: 1.5 }, 'Sort order must be a whole number'],
      ],
      () => get('admin/deposit-channel/list'),
    );
  });
});
