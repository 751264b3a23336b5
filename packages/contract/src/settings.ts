import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';
import { decimalString } from './money.ts';

export const language = z.object({
  key: z.string(),
  label: z.string(),
  src: z.string().describe('URL of the flag image'),
});
export type Language = z.infer<typeof language>;

export const tradingSession = z.object({
  open: z.string().regex(/^\d{2}:\d{2}$/),
  close: z.string().regex(/^\d{2}:\d{2}$/),
});

export const market = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  timezone: z.string(),
  currency: z.string(),
  sessions: z.array(tradingSession).describe('local trading sessions, Monday to Friday'),
});
export type Market = z.infer<typeof market>;

export const currency = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  rateToUsd: decimalString.describe('USD value of one unit'),
});
export type Currency = z.infer<typeof currency>;

export const msgTypes = ['whatsapp', 'builtin'] as const;

export const baseSetting = z.object({
  productName: z.string(),
  msgType: z.enum(msgTypes),
  whatsapp: z.string(),
  custom: z.string().describe('script injected into the page after start-up'),
});
export type BaseSetting = z.infer<typeof baseSetting>;

const get = { method: 'GET', access: 'public' } as const;

export const settingsApi = {
  languageList: { ...get, path: '/language/list', summary: 'Interface languages', response: ok(z.array(language)) },
  marketList: {
    ...get,
    path: '/market/app/list',
    summary: 'Markets and their trading sessions',
    response: ok(z.array(market)),
  },
  currencyList: {
    ...get,
    path: '/currency/list',
    summary: 'Currencies with rates to USD',
    response: ok(z.array(currency)),
  },
  baseSetting: {
    ...get,
    path: '/base/setting',
    summary: 'Base settings: product name, customer service, custom script',
    response: ok(baseSetting),
  },
} as const satisfies Api;
