import { Readable } from 'node:stream';
import type { ExportKind, LanguageKey, PerformanceRange } from '@soar/contract';
import { currencyRates, rateOf } from '../../core/currency.ts';
import { accountValue, type PortfolioDeps } from './account.ts';
import { exportLines, exportRange } from './export.ts';
import { performance } from './performance.ts';
import { realisedYear } from './realised.ts';

/**
 * Account value, performance, cost basis and exports of one member (docs/product.md, Account
 * value and Performance; docs/trading.md, Cost basis). Every call is the session's member's.
 */
export class PortfolioService {
  constructor(readonly deps: PortfolioDeps) {}

  account(userId: number, currency: string, language: LanguageKey) {
    return accountValue(this.deps, userId, currency, language);
  }

  performance(userId: number, query: { range: PerformanceRange; benchmark?: string; currency: string }) {
    return performance(this.deps, userId, query);
  }

  realised(userId: number, query: { year?: number; currency: string }) {
    return realisedYear(this.deps.db, userId, query);
  }

  /** Checks the range and the currency first: once the file streams, its status is sent. */
  async exportFile(userId: number, query: { kind: ExportKind; from: string; to: string; currency: string }) {
    const range = exportRange(query.from, query.to);
    rateOf(await currencyRates(this.deps.db), query.currency);
    return {
      filename: `soar-${query.kind}-${query.from}-${query.to}.csv`,
      body: Readable.from(exportLines(this.deps.db, userId, query.kind, range, query.currency)),
    };
  }
}
