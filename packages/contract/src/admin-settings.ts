import { z } from 'zod';
import { type Api, operatorRoles } from './api.ts';
import { ok } from './envelope.ts';
import { isoTime as time } from './fields.ts';
import { feedHealth } from './market.ts';
import { decimalString } from './money.ts';
import { baseSetting, msgTypes } from './settings.ts';
import { withdrawalHoldSetting } from './withdrawal-hold.ts';

// The dashboard: each domain registers a provider of queues, figures and series (docs/admin.md)

export const dashboardQueue = z.object({
  key: z.string().describe('the review queue: deposit, withdraw, adjustment, kyc, blockOrder, ipoAllotment, chat ...'),
  count: z.number().int().describe('items waiting'),
  oldestAt: time.nullable().describe('since when the oldest item has waited; null when none waits'),
});
export const dashboardFigure = z.object({
  key: z.string().describe('depositsToday, withdrawalsToday, newMembersToday ...'),
  value: decimalString,
  unit: z.string().describe('a currency code, or "count"'),
});
export const dashboardSeries = z.object({
  key: z.string(),
  unit: z.string(),
  points: z.array(z.object({ date: z.string().describe('YYYY-MM-DD, UTC'), value: decimalString })),
});
export const dashboardAnswer = z.object({
  day: z.string().describe('today, YYYY-MM-DD in UTC'),
  queues: z.array(dashboardQueue),
  figures: z.array(dashboardFigure),
  series: z.array(dashboardSeries).describe('the last 30 days, oldest first'),
  feeds: z.array(feedHealth).describe("each market's price feed"),
});

// Settings operators edit

const nonNegative = decimalString.refine((value) => !value.startsWith('-'), { error: 'validation.decimal' });
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{3,5}$/, { error: 'validation.currency' });

/** The `wallet` row of app_settings: withdrawal rules and the deposit credit mapping. */
export const walletRules = z.object({
  withdrawMinimumUsd: nonNegative,
  /** 0.01 is 1 %; at most 1. */
  withdrawFeeRate: z.string().regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, { error: 'validation.feeRate' }),
  withdrawFeeMinimumUsd: nonNegative,
  withdrawRequiresKyc: z.boolean(),
  depositCreditCurrency: z.record(currencyCode, currencyCode),
});
export type WalletRules = z.infer<typeof walletRules>;

export const baseSettingBody = z.object({
  productName: z.string().trim().min(1).max(40).optional(),
  msgType: z.enum(msgTypes).optional(),
  whatsapp: z
    .string()
    .trim()
    .regex(/^\+?\d{0,20}$/, { error: 'validation.whatsapp' })
    .optional(),
  custom: z.string().max(20_000).optional(),
});

export const adminSettings = z.object({
  base: baseSetting,
  wallet: walletRules,
  withdrawalHold: withdrawalHoldSetting,
});

const adminOnly = { access: 'operator', roles: [] } as const;

export const backOfficeApi = {
  dashboard: {
    access: 'operator',
    roles: operatorRoles,
    method: 'GET',
    path: '/admin/dashboard',
    summary: 'Waiting queues, today’s figures and the last 30 days, for what the role may see',
    response: ok(dashboardAnswer),
  },
  settings: {
    ...adminOnly,
    method: 'GET',
    path: '/admin/setting',
    summary: 'Base settings and wallet rules',
    response: ok(adminSettings),
  },
  settingsBase: {
    ...adminOnly,
    method: 'POST',
    path: '/admin/setting/base',
    summary: 'Change base settings (product name, msgType, whatsapp, custom script)',
    body: baseSettingBody,
    response: ok(baseSetting),
  },
  settingsWallet: {
    ...adminOnly,
    method: 'POST',
    path: '/admin/setting/wallet',
    summary: 'Change withdrawal rules, "withdrawals need KYC" and the deposit credit mapping',
    body: walletRules,
    response: ok(walletRules),
  },
  settingsWithdrawalHold: {
    ...adminOnly,
    method: 'POST',
    path: '/admin/setting/withdrawal-hold',
    summary: 'Change how long a withdrawal hold lasts after a risky account change',
    body: withdrawalHoldSetting,
    response: ok(withdrawalHoldSetting),
  },
} as const satisfies Api;
