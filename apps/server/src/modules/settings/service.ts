import { type BaseSetting, baseSetting, type Currency, type Language, type Market } from '@soar/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSettings, currencies, languages, markets } from '../../db/schema/index.ts';
import { success } from '../../lib/envelope.ts';
import { defaultBaseSetting } from '../../seed/settings.ts';

export type SettingsSnapshot = {
  languages: Language[];
  markets: Market[];
  currencies: Currency[];
  base: BaseSetting;
};

export const flagPath = '/static/flags/';

/** Each settings answer, enveloped and serialised once per refresh. */
export type SerialisedSettings = Record<keyof SettingsSnapshot, string>;

/**
 * Settings are read on every page start, so they are served from memory, already serialised;
 * `refresh()` reloads them after an operator changes a table.
 */
export class SettingsService {
  #snapshot: SettingsSnapshot | undefined;
  #serialised: SerialisedSettings | undefined;

  constructor(private readonly db: Database) {}

  get snapshot(): SettingsSnapshot {
    if (!this.#snapshot) throw new Error('SettingsService.refresh() has not run');
    return this.#snapshot;
  }

  get serialised(): SerialisedSettings {
    if (!this.#serialised) throw new Error('SettingsService.refresh() has not run');
    return this.#serialised;
  }

  async refresh(): Promise<void> {
    const [languageRows, marketRows, currencyRows, baseRows] = await Promise.all([
      this.db.select().from(languages).where(eq(languages.enabled, true)).orderBy(asc(languages.sort)),
      this.db.select().from(markets).where(eq(markets.enabled, true)).orderBy(asc(markets.sort)),
      this.db.select().from(currencies).where(eq(currencies.enabled, true)).orderBy(asc(currencies.sort)),
      this.db.select().from(appSettings).where(eq(appSettings.key, 'base')),
    ]);
    const stored = baseSetting.partial().safeParse(baseRows[0]?.value ?? {});
    this.#snapshot = {
      languages: languageRows.map((row) => ({ key: row.key, label: row.label, src: flagPath + row.flag })),
      markets: marketRows.map(({ id, code, name, timezone, currency, sessions }) => ({
        id,
        code,
        name,
        timezone,
        currency,
        sessions,
      })),
      currencies: currencyRows.map(({ code, name, symbol, decimals, rateToUsd }) => ({
        code,
        name,
        symbol,
        decimals,
        rateToUsd: normaliseDecimal(rateToUsd),
      })),
      base: { ...defaultBaseSetting, ...(stored.success ? stored.data : {}) },
    };
    const snapshot = this.#snapshot;
    this.#serialised = {
      languages: JSON.stringify(success(snapshot.languages)),
      markets: JSON.stringify(success(snapshot.markets)),
      currencies: JSON.stringify(success(snapshot.currencies)),
      base: JSON.stringify(success(snapshot.base)),
    };
  }
}

/** `numeric` comes back as `"1.08500000"`; the wire carries `"1.085"`. */
export function normaliseDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
