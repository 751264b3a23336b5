import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, idQuery, memberRef, payPasswordField, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';
import { wholeAmount } from './wallet.ts';

/** Failures of quant funds (docs/products.md, Quant funds). */
export const quantErrors = {
  QUANT_FUND_NOT_FOUND: 404,
  QUANT_NOT_ON_SALE: 409,
  QUANT_BELOW_MINIMUM: 422,
  QUANT_ABOVE_MAXIMUM: 422,
  QUANT_FUND_INVALID: 422,
  QUANT_FUND_LOCKED: 409,
} as const;

/** docs/product.md section 4: a member's fund order is 0 in progress until its cycle ends, then 1 ended. */
export const quantOrderStatuses = { inProgress: 0, ended: 1 } as const;
export type QuantOrderStatus = (typeof quantOrderStatuses)[keyof typeof quantOrderStatuses];

/** Where a fund's sale stands at the time of the answer. */
export const quantSaleStates = { upcoming: 'upcoming', onSale: 'onSale', ended: 'ended' } as const;
export type QuantSaleState = (typeof quantSaleStates)[keyof typeof quantSaleStates];

/** A daily rate as a fraction ("0.0035" is 0.35 % a day): 0 up to below 1, at most 8 places. */
export const dailyRate = z
  .string()
  .regex(/^0(\.\d{1,8})?$/, { error: 'validation.rate' })
  .describe('a fraction per day: "0.0035" is 0.35 %');

/** A local date of a market, `YYYY-MM-DD`. */
export const localDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'validation.date' })
  .describe('YYYY-MM-DD');

export const quantFund = z.object({
  id: z.number().int(),
  name: z.string(),
  market: z.string().describe('market code: its closes are the fund days'),
  timezone: z.string().describe("the market's timezone: lastTradeDay is a date there"),
  currency: z.string(),
  cycleDays: z.number().int().describe('market closes (trading days) an order accrues before it pays out'),
  dailyRateMin: decimalString,
  dailyRateMax: decimalString,
  /** The promised range over a whole cycle: the daily range times the cycle. */
  cycleReturnMin: decimalString,
  cycleReturnMax: decimalString,
  minAmount: decimalString,
  maxAmount: decimalString.nullable(),
  startTime: time.describe('the sale opens'),
  endTime: time.describe('the sale closes'),
  lastTradeDay: localDate.describe('the last day a purchase is taken, in the market timezone'),
  saleState: z.enum(['upcoming', 'onSale', 'ended']),
  latestRate: decimalString.nullable().describe('the newest published daily rate'),
  latestRateDate: localDate.nullable(),
});
export type QuantFund = z.infer<typeof quantFund>;

export const quantListQuery = pageQuery.extend({
  market: z.string().trim().toUpperCase().max(10).optional(),
  /** Only the funds in this sale state (the home page asks for `onSale`). */
  state: z.enum(['upcoming', 'onSale', 'ended']).optional(),
});

/** Bodies of this domain are strict: an unknown field is refused (422), never silently dropped. */
export const quantBuyBody = z.strictObject({
  fundId: idField,
  amount: wholeAmount,
  payPassword: payPasswordField,
});

export const quantOrder = z.object({
  id: z.number().int(),
  fundId: z.number().int(),
  fundName: z.string(),
  market: z.string(),
  currency: z.string(),
  amount: decimalString,
  cycleDays: z.number().int(),
  dailyRateMin: decimalString,
  dailyRateMax: decimalString,
  /** The amount times the promised range over the cycle, rounded down to the currency. */
  estimatedProfitMin: decimalString,
  estimatedProfitMax: decimalString,
  status: z.number().int().describe('0 in progress, 1 ended'),
  startTime: time.describe('bought'),
  endTime: time.describe('the market close of the last fund day: the payout'),
  accruedDays: z.number().int(),
  accruedProfit: decimalString,
  lastDate: localDate.nullable().describe('the latest fund day accrued'),
  lastRate: decimalString.nullable(),
  lastProfit: decimalString.nullable().describe("the latest fund day's profit"),
  payout: decimalString.nullable().describe('principal plus profit, once ended'),
  endedAt: time.nullable(),
});
export type QuantOrder = z.infer<typeof quantOrder>;

export const quantOrderQuery = pageQuery.extend({ status: z.coerce.number().int().min(0).max(1).optional() });

export const quantProfit = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  fundId: z.number().int(),
  fundName: z.string(),
  currency: z.string(),
  date: localDate.describe("the fund day (a market close in the fund's market)"),
  amount: decimalString.describe('the principal it accrued on'),
  rate: decimalString,
  profit: decimalString,
});
export const quantProfitQuery = pageQuery.extend({ orderId: idField.optional() });

export const quantRateQuery = idQuery.extend({ limit: z.coerce.number().int().min(1).max(366).default(90) });
export const quantRates = z.object({
  fund: quantFund,
  list: z.array(z.object({ date: localDate, rate: decimalString })).describe('oldest first'),
});

// Operator calls

export const quantFundBody = z.strictObject({
  name: z.string().trim().min(1).max(80),
  market: z.string().trim().min(1).max(10),
  currency: z.string().trim().min(1).max(10),
  cycleDays: z.number().int().min(1).max(365),
  dailyRateMin: dailyRate,
  dailyRateMax: dailyRate,
  minAmount: wholeAmount,
  maxAmount: wholeAmount.nullable().optional(),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  lastTradeDay: localDate,
  sort: z.number().int().min(-1000).max(1000).optional(),
});
export const quantFundUpdateBody = quantFundBody.partial().extend({ id: idField });
export const adminQuantFund = quantFund.extend({
  sort: z.number().int(),
  closedAt: time.nullable(),
  orders: z.number().int().describe('orders ever bought'),
  invested: decimalString.describe('principal of the orders in progress'),
});

export const adminQuantOrderQuery = quantOrderQuery.extend({
  userId: idField.optional().describe("one member's orders"),
  fundId: idField.optional(),
});
export const adminQuantOrder = quantOrder.extend({ userId: z.number().int(), member: memberRef });

const publicCall = { access: 'public' } as const;
const member = { access: 'member' } as const;

/** Quant funds for members and visitors (docs/api.md, Quant funds). */
export const quantApi = {
  list: {
    ...publicCall,
    method: 'GET',
    path: '/quant/list',
    summary: 'Funds offered, in sale order',
    query: quantListQuery,
    response: ok(page(quantFund)),
  },
  detail: {
    ...publicCall,
    method: 'GET',
    path: '/quant/detail',
    summary: 'One fund',
    query: idQuery,
    response: ok(quantFund),
  },
  rates: {
    ...publicCall,
    method: 'GET',
    path: '/quant/rate/list',
    summary: "A fund's published daily rates against its promised range",
    query: quantRateQuery,
    response: ok(quantRates),
  },
  buy: {
    ...member,
    method: 'POST',
    path: '/quant/buy',
    summary: 'Buy a fund (pay password): the amount moves to the quant escrow until the cycle ends',
    idempotent: true,
    body: quantBuyBody,
    response: ok(quantOrder),
  },
  orders: {
    ...member,
    method: 'GET',
    path: '/quant/order/list',
    summary: 'My fund orders, newest first',
    query: quantOrderQuery,
    response: ok(page(quantOrder)),
  },
  profits: {
    ...member,
    method: 'GET',
    path: '/quant/profit/list',
    summary: 'My daily fund profits, newest first',
    query: quantProfitQuery,
    response: ok(page(quantProfit)),
  },
} as const satisfies Api;

const trading = { access: 'operator', roles: ['trading'] } as const;

/** Operator calls of quant funds; every change is audited. */
export const quantAdminApi = {
  list: {
    ...trading,
    method: 'GET',
    path: '/admin/quant/list',
    summary: 'Every fund, closed ones too, with its orders',
    query: pageQuery,
    response: ok(page(adminQuantFund)),
  },
  create: {
    ...trading,
    method: 'POST',
    path: '/admin/quant/create',
    summary: 'Publish a fund',
    body: quantFundBody,
    response: ok(adminQuantFund),
  },
  update: {
    ...trading,
    method: 'POST',
    path: '/admin/quant/update',
    summary: 'Change a fund (market, currency, cycle and rates are fixed once bought)',
    body: quantFundUpdateBody,
    response: ok(adminQuantFund),
  },
  close: {
    ...trading,
    method: 'POST',
    path: '/admin/quant/close',
    summary: 'Stop selling a fund; orders in progress run to the end of their cycle',
    body: idBody,
    response: ok(adminQuantFund),
  },
  orders: {
    access: 'operator',
    roles: ['trading', 'finance', 'compliance', 'support'],
    method: 'GET',
    path: '/admin/quant/order/list',
    summary: "Fund orders, newest first: one member's holdings, or one fund's",
    query: adminQuantOrderQuery,
    response: ok(page(adminQuantOrder)),
  },
} as const satisfies Api;
