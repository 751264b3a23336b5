import type { Database } from '../db/client.ts';
import { appSettings, currencies, languages, markets } from '../db/schema/index.ts';

/** docs/product.md section 1: English is the default; the picker offers the seven bundled catalogs. */
const languageRows = [
  { key: 'en', label: 'English', flag: 'en.svg', sort: 1 },
  { key: 'de', label: 'Deutsch', flag: 'de.svg', sort: 2 },
  { key: 'es', label: 'Español', flag: 'es.svg', sort: 3 },
  { key: 'fr', label: 'Français', flag: 'fr.svg', sort: 4 },
  { key: 'it', label: 'Italiano', flag: 'it.svg', sort: 5 },
  { key: 'ja', label: '日本語', flag: 'ja.svg', sort: 6 },
  { key: 'zh-CN', label: '简体中文', flag: 'zh-CN.svg', sort: 7 },
];

/** Regular sessions in each exchange's local time, Monday to Friday. */
const marketRows = [
  {
    code: 'US',
    name: 'United States',
    timezone: 'America/New_York',
    currency: 'USD',
    sessions: [{ open: '09:30', close: '16:00' }],
    sort: 1,
  },
  {
    code: 'HK',
    name: 'Hong Kong',
    timezone: 'Asia/Hong_Kong',
    currency: 'HKD',
    sessions: [
      { open: '09:30', close: '12:00' },
      { open: '13:00', close: '16:00' },
    ],
    sort: 2,
  },
  {
    code: 'JP',
    name: 'Japan',
    timezone: 'Asia/Tokyo',
    currency: 'JPY',
    sessions: [
      { open: '09:00', close: '11:30' },
      { open: '12:30', close: '15:30' },
    ],
    sort: 3,
  },
  {
    code: 'EU',
    name: 'Europe (Xetra)',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    sessions: [{ open: '09:00', close: '17:30' }],
    sort: 4,
  },
];

/** Reference rates to USD; operators keep them current. */
const currencyRows = [
  { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2, rateToUsd: '1', sort: 1 },
  { code: 'USDT', name: 'Tether USD', symbol: '₮', decimals: 6, rateToUsd: '1', sort: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, rateToUsd: '1.0850', sort: 3 },
  { code: 'HKD', name: 'Hong Kong Dollar', symbol: 'HK$', decimals: 2, rateToUsd: '0.1285', sort: 4 },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimals: 0, rateToUsd: '0.00655', sort: 5 },
  { code: 'GBP', name: 'Pound Sterling', symbol: '£', decimals: 2, rateToUsd: '1.2650', sort: 6 },
  { code: 'CNY', name: 'Chinese Yuan', symbol: 'CN¥', decimals: 2, rateToUsd: '0.1385', sort: 7 },
];

export const defaultBaseSetting = {
  productName: 'Soar',
  msgType: 'builtin' as const,
  whatsapp: '',
  custom: '',
};

/** Inserts what is missing and leaves operator edits alone, so it is safe on every start. */
export async function seedSettings(db: Database): Promise<void> {
  await db.insert(languages).values(languageRows).onConflictDoNothing();
  await db.insert(markets).values(marketRows).onConflictDoNothing();
  await db.insert(currencies).values(currencyRows).onConflictDoNothing();
  await db.insert(appSettings).values({ key: 'base', value: defaultBaseSetting }).onConflictDoNothing();
}
