import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { setPayPassword } from '../core/pay-password.ts';
import { queryRows } from '../db/client.ts';
import { moneyString } from '../lib/decimal.ts';
import { api } from './http.ts';
import { createMember, fund, type Headers, payPassword, upload } from './wallet.ts';

/** A fund on the US market in USDT (the test deposits credit USDT), open for the whole of late 2026. */
export const fundInput = {
  name: 'Test Quant 3',
  market: 'US',
  currency: 'USDT',
  cycleDays: 3,
  dailyRateMin: '0.001',
  dailyRateMax: '0.003',
  minAmount: '100',
  maxAmount: '10000',
  startTime: '2026-11-01T00:00:00Z',
  endTime: '2026-12-31T00:00:00Z',
  lastTradeDay: '2026-12-15',
};

export async function createFund(app: FastifyInstance, operator: { headers: Headers }, input: object = {}) {
  const response = await api(app).post('admin/quant/create', { ...fundInput, ...input }, { headers: operator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string };
}

/** A member with a pay password and `amount` USDT deposited and passed. */
export async function investor(app: FastifyInstance, operator: { headers: Headers }, amount = '1000') {
  const member = await createMember(app);
  await setPayPassword(app.db, member.user.id, payPassword);
  if (amount !== '0') await fund(app, member, operator, amount);
  return member;
}

export function buy(app: FastifyInstance, member: { headers: Headers }, fundId: number, amount: string, extra = {}) {
  return api(app).post('quant/buy', { fundId, amount, payPassword, ...extra }, { headers: member.headers });
}

/** A loan product in USDT: 5 days, 0.1 % interest and 0.2 % penalty a day. */
export const productInput = {
  name: 'Test Loan 5',
  currency: 'USDT',
  cycleDays: 5,
  dailyInterestRate: '0.001',
  dailyPenaltyRate: '0.002',
  minAmount: '100',
  maxAmount: '5000',
};

export async function createProduct(app: FastifyInstance, operator: { headers: Headers }, input: object = {}) {
  const response = await api(app).post(
    'admin/loan/product/create',
    {
      ...productInput,
      ...input,
    },
    { headers: operator.headers },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number };
}

/** A drawn signature uploaded as a PNG, as the apply page does. */
export async function signature(app: FastifyInstance, member: { headers: Headers }) {
  const response = await upload(app, member.headers, 'signature.png');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as string;
}

export async function applyLoan(
  app: FastifyInstance,
  member: { headers: Headers },
  productId: number,
  amount: string,
  extra: object = {},
) {
  return api(app).post(
    'loan/apply',
    {
      productId,
      amount,
      signature: await signature(app, member),
      agree: true,
      ...extra,
    },
    { headers: member.headers },
  );
}

/** The sum of a platform account's lines in a currency (docs/ledger.md: sign is what flowed in). */
export async function platformBalance(app: FastifyInstance, account: string, currency: string): Promise<string> {
  const [row] = await queryRows<{ total: string }>(
    app.db,
    sql`select coalesce(sum(amount), 0)::text as total from journal_lines
        where account = ${`platform:${account}`} and currency = ${currency}`,
  );
  return moneyString(row?.total ?? '0');
}

/** An IPO offer on the US market in USDT: 100 shares a lot, 1 to 5 lots, 10 to 12 a share, a fee of 5, open 16 to 20 Nov 2026. */
export function ipoOfferInput(symbol: string, input: object = {}) {
  return {
    symbol,
    name: `Test Listing ${symbol}`,
    market: 'US',
    currency: 'USDT',
    lotSize: 100,
    minLots: 1,
    maxLots: 5,
    sharesOffered: 1000,
    priceMin: '10',
    priceMax: '12',
    fee: '5',
    startTime: '2026-11-16T00:00:00Z',
    endTime: '2026-11-20T00:00:00Z',
    allotmentTime: '2026-11-21T00:00:00Z',
    listingTime: '2026-11-24T14:30:00Z',
    ...input,
  };
}
