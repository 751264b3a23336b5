import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';
import { decimalString } from './money.ts';
import { localDate } from './quant.ts';
import { currencyCode } from './wallet.ts';

/** Failures of account value, performance, cost basis and exports (docs/api.md, Portfolio). */
export const portfolioErrors = {
  PORTFOLIO_BENCHMARK_UNKNOWN: 422,
  EXPORT_RANGE_INVALID: 422,
  EXPORT_RANGE_TOO_LONG: 422,
} as const;

/** docs/product.md, Account value: the valuation's parts, each in the chosen currency. */
export const accountValuePosition = z.object({
  positionId: z.number().int(),
  symbol: z.string(),
  currency: z.string(),
  direction: z.enum(['buy', 'sell']),
  quantity: z.number().int(),
  openPrice: decimalString,
  last: decimalString.nullable().describe('the last trade; null without a quote'),
  mark: decimalString.nullable().describe('the bid of a long, the ask of a short'),
  value: decimalString.describe(
    'in the position’s currency: a long at the bid, a short as collateral plus floating P/L',
  ),
});

export const accountValue = z.object({
  currency: z.string().describe('the currency every figure below is in'),
  totalAssets: decimalString,
  cash: decimalString.describe('available and frozen, every currency converted at current rates'),
  positions: decimalString,
  funds: decimalString.describe('quant principal and profit accrued so far'),
  ipoEscrow: decimalString.describe('IPO allotments paid and not yet listed'),
  loans: decimalString.describe('principal, interest and penalty owed now'),
  netAssets: decimalString,
  buyingPower: decimalString.describe('available cash, every currency converted'),
  todayPnl: decimalString
    .nullable()
    .describe('net assets now less at the start of the UTC day, deposits and withdrawals left out'),
  todayPnlPercent: decimalString.nullable(),
  rates: z.record(z.string(), decimalString).describe('units of `currency` for one unit of each currency held'),
  list: z.array(accountValuePosition),
  asOf: z.string().describe('ISO time of the valuation'),
});
export type AccountValue = z.infer<typeof accountValue>;

export const accountValueQuery = z.object({ currency: currencyCode.toUpperCase().default('USD') });

export const performanceRanges = ['1M', '3M', '1Y', 'all'] as const;
export type PerformanceRange = (typeof performanceRanges)[number];

export const performanceQuery = z.object({
  range: z.enum(performanceRanges).default('3M'),
  benchmark: z.string().trim().max(32).optional().describe('an index symbol, e.g. ^GSPC'),
  currency: currencyCode.toUpperCase().default('USD'),
});

export const performancePoint = z.object({
  date: localDate.describe('a UTC day; the last point is now'),
  netAssets: decimalString,
  flows: decimalString.describe('deposits less withdrawals of the day'),
  return: decimalString.describe('time-weighted return since the range began, a fraction'),
  benchmark: decimalString.nullable().describe('the index’s return since the range began, a fraction'),
});

export const allocationItem = z.object({ key: z.string(), value: decimalString, share: decimalString });

export const performance = z.object({
  currency: z.string(),
  range: z.enum(performanceRanges),
  benchmark: z.object({ symbol: z.string(), name: z.string() }).nullable(),
  points: z.array(performancePoint),
  return: decimalString.describe('time-weighted return over the range, a fraction'),
  benchmarkReturn: decimalString.nullable(),
  allocation: z.object({
    market: z.array(allocationItem).describe('positions by market, cash and funds'),
    currency: z.array(allocationItem),
    sector: z.array(allocationItem).describe('positions only'),
  }),
});
export type Performance = z.infer<typeof performance>;

export const realisedQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional().describe('default: the newest year with a closing'),
  currency: currencyCode.toUpperCase().default('USD'),
});

const costBasis = z.object({ cost: decimalString, fees: decimalString, pnl: decimalString });

export const realisedSymbol = z.object({
  symbol: z.string(),
  currency: z.string(),
  closings: z.number().int(),
  quantity: z.number().int(),
  proceeds: decimalString,
  fifo: costBasis,
  average: costBasis,
  fifoReporting: decimalString.describe('FIFO P/L converted at each closing day’s rate'),
  averageReporting: decimalString,
});

export const realised = z.object({
  year: z.number().int().nullable(),
  years: z.array(z.number().int()).describe('years with a closing, newest first'),
  currency: z.string().describe('the reporting currency'),
  list: z.array(realisedSymbol),
  fifo: decimalString.describe('the year’s FIFO P/L in the reporting currency'),
  average: decimalString,
});
export type Realised = z.infer<typeof realised>;

export const exportKinds = ['trades', 'ledger', 'realised', 'transfers'] as const;
export type ExportKind = (typeof exportKinds)[number];
/** An export covers at most this many days (docs/api.md, Exports). */
export const maxExportDays = 366;

export const exportQuery = z.object({
  kind: z.enum(exportKinds),
  from: localDate.describe('first UTC day, included'),
  to: localDate.describe('last UTC day, included'),
  currency: currencyCode.toUpperCase().default('USD').describe('reporting currency of the realised export'),
});

const member = { access: 'member' } as const;

export const portfolioApi = {
  account: {
    ...member,
    method: 'GET',
    path: '/portfolio/account',
    summary: 'Account value: total assets, loans, net assets, today’s P/L and buying power (docs/product.md)',
    query: accountValueQuery,
    response: ok(accountValue),
  },
  performance: {
    ...member,
    method: 'GET',
    path: '/portfolio/performance',
    summary: 'Equity curve, time-weighted return against an index, and allocation',
    query: performanceQuery,
    response: ok(performance),
  },
  realised: {
    ...member,
    method: 'GET',
    path: '/portfolio/realised',
    summary: 'Realised P/L of a year per symbol, by FIFO and by average cost (docs/trading.md, Cost basis)',
    query: realisedQuery,
    response: ok(realised),
  },
  export: {
    ...member,
    method: 'GET',
    path: '/export/csv',
    summary: 'A CSV file of trades, ledger lines, realised P/L or transfers over a date range (streamed)',
    query: exportQuery,
    download: 'text/csv',
    response: z.string().describe('the CSV file'),
  },
} as const satisfies Api;
