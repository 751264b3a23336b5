import { languageKeys } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import { Money } from '../lib/decimal.ts';
import { loadArticles, loadIndices, loadStocks } from './reference-data.ts';

describe('the reference data the simulator starts from', () => {
  const stocks = loadStocks();
  const indices = loadIndices();
  const articles = loadArticles();

  it.each(['US', 'HK', 'JP', 'EU'])('has at least 60 real stocks in %s with lot sizes and prices', (market) => {
    const listed = stocks.filter((stock) => stock.market === market);
    expect(listed.length).toBeGreaterThanOrEqual(60);
    for (const stock of listed) {
      expect(stock.lotSize, stock.symbol).toBeGreaterThanOrEqual(1);
      expect(new Money(stock.referencePrice).gt(0), stock.symbol).toBe(true);
    }
  });

  it('has no symbol twice across stocks and indices', () => {
    const symbols = [...stocks, ...indices].map((instrument) => instrument.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('has the global indices the spec names', () => {
    const symbols = indices.map((index) => index.symbol);
    expect(symbols.length).toBeGreaterThanOrEqual(12);
    for (const symbol of [
      '^GSPC',
      '^IXIC',
      '^DJI',
      '^FTSE',
      '^GDAXI',
      '^FCHI',
      '^STOXX50E',
      '^N225',
      '^HSI',
      '000001.SS',
      '^AXJO',
      '^BSESN',
    ]) {
      expect(symbols).toContain(symbol);
    }
  });

  it('has at least 20 articles in English, about listed instruments, many in every language', () => {
    expect(articles.length).toBeGreaterThanOrEqual(20);
    const known = new Set([...stocks, ...indices].map((instrument) => instrument.symbol));
    for (const article of articles) {
      expect(article.translations.en, article.slug).toBeDefined();
      for (const symbol of article.symbols) expect(known.has(symbol), `${article.slug} ${symbol}`).toBe(true);
    }
    const everyLanguage = articles.filter((article) => languageKeys.every((lang) => lang in article.translations));
    expect(everyLanguage.length).toBeGreaterThanOrEqual(10);
  });
});
