import type { Database } from '../db/client.ts';
import { instruments, markets, newsArticles } from '../db/schema/index.ts';
import { loadArticles, loadIndices, loadStocks } from '../market/reference-data.ts';

/** Instruments from `src/market/data/*.json`; stocks join their market by code. Idempotent. */
export async function seedInstruments(db: Database): Promise<void> {
  const marketRows = await db.select().from(markets);
  const byCode = new Map(marketRows.map((market) => [market.code, market]));
  const stocks = loadStocks().map((stock) => {
    const market = byCode.get(stock.market);
    if (!market) throw new Error(`market/data/stocks.json: ${stock.symbol}: unknown market ${stock.market}`);
    return {
      symbol: stock.symbol,
      kind: 'stock' as const,
      marketId: market.id,
      name: stock.name,
      sector: stock.sector,
      lotSize: stock.lotSize,
      currency: stock.currency,
      timezone: market.timezone,
      sessions: market.sessions,
      referencePrice: stock.referencePrice,
      volatility: stock.volatility,
      averageVolume: stock.averageVolume,
    };
  });
  const indices = loadIndices().map((entry) => ({
    symbol: entry.symbol,
    kind: 'index' as const,
    name: entry.name,
    country: entry.country,
    currency: entry.currency,
    timezone: entry.timezone,
    sessions: entry.sessions,
    referencePrice: entry.referenceLevel,
    volatility: entry.volatility,
    averageVolume: 0,
  }));
  for (let start = 0; start < stocks.length; start += 500) {
    await db
      .insert(instruments)
      .values(stocks.slice(start, start + 500))
      .onConflictDoNothing();
  }
  await db.insert(instruments).values(indices).onConflictDoNothing();
}

/** Articles from `src/modules/news/data/articles.json`, by slug. Idempotent. */
export async function seedNews(db: Database): Promise<void> {
  const articles = loadArticles().map((article) => ({ ...article, publishedAt: new Date(article.publishedAt) }));
  for (let start = 0; start < articles.length; start += 200) {
    await db
      .insert(newsArticles)
      .values(articles.slice(start, start + 200))
      .onConflictDoNothing();
  }
}
