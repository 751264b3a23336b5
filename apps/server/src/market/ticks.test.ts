import { describe, expect, it } from 'vitest';
import { formatPrice, type Instrument, quotedSides } from './instrument.ts';
import { priceDecimals, roundToTick, stepDown, stepUp, tickSizeAt } from './ticks.ts';

const stock = (symbol: string, market: string, averageVolume = 10_000_000) =>
  ({ kind: 'stock', symbol, market, averageVolume }) as const;
const ntt = stock('9432.T', 'JP', 150_000_000);
const listedInTokyo = stock('NEW1.T', 'JP');
const hk = stock('3988.HK', 'HK');
const us = stock('AAPL', 'US');
const sap = stock('SAP.DE', 'EU', 1_800_000);
const quiet = stock('HOT.DE', 'EU', 100_000);

describe('tick sizes follow the exchange tables (docs/market.md, Tick sizes)', () => {
  it('Tokyo: TOPIX 500 constituents on the finer table, other stocks on the standard one', () => {
    expect(tickSizeAt(ntt, 141.3)).toBe(0.1);
    expect(tickSizeAt(ntt, 1000)).toBe(0.1);
    expect(tickSizeAt(ntt, 1000.5)).toBe(0.5);
    expect(tickSizeAt(ntt, 3000)).toBe(0.5);
    expect(tickSizeAt(ntt, 3001)).toBe(1);
    expect(tickSizeAt(ntt, 10_005)).toBe(5);
    expect(tickSizeAt(ntt, 55_010)).toBe(10);
    expect(tickSizeAt(listedInTokyo, 141)).toBe(1);
    expect(tickSizeAt(listedInTokyo, 3000)).toBe(1);
    expect(tickSizeAt(listedInTokyo, 3005)).toBe(5);
    expect(tickSizeAt(listedInTokyo, 30_010)).toBe(50);
    // A grid without a symbol (an offer being listed) is not a constituent.
    expect(tickSizeAt({ kind: 'stock', market: 'JP' }, 500)).toBe(1);
  });

  it('Hong Kong: the spread table with the 2025 reductions between 10 and 50 dollars', () => {
    expect(tickSizeAt(hk, 0.25)).toBe(0.001);
    expect(tickSizeAt(hk, 0.3)).toBe(0.005);
    expect(tickSizeAt(hk, 4.4)).toBe(0.01);
    expect(tickSizeAt(hk, 18)).toBe(0.01);
    expect(tickSizeAt(hk, 20)).toBe(0.01);
    expect(tickSizeAt(hk, 20.02)).toBe(0.02);
    expect(tickSizeAt(hk, 50)).toBe(0.02);
    expect(tickSizeAt(hk, 50.05)).toBe(0.05);
    expect(tickSizeAt(hk, 402.4)).toBe(0.2);
    expect(tickSizeAt(hk, 600)).toBe(0.5);
  });

  it('US: cents from one dollar, hundredths of a cent below', () => {
    expect(tickSizeAt(us, 0.9999)).toBe(0.0001);
    expect(tickSizeAt(us, 1)).toBe(0.01);
    expect(tickSizeAt(us, 229.87)).toBe(0.01);
  });

  it('Xetra: the MiFID II bands, band 6 for the liquid names and band 5 for the rest', () => {
    expect(tickSizeAt(sap, 240)).toBe(0.05);
    expect(tickSizeAt(sap, 199.98)).toBe(0.02);
    expect(tickSizeAt(sap, 27)).toBe(0.005);
    expect(tickSizeAt(sap, 1750)).toBe(0.2);
    expect(tickSizeAt(quiet, 240)).toBe(0.1);
    expect(tickSizeAt(quiet, 27)).toBe(0.01);
  });

  it('an index moves in hundredths', () => {
    expect(tickSizeAt({ kind: 'index', market: 'JP' }, 38_000)).toBe(0.01);
  });

  it('steps and rounds on the grid, across a band edge', () => {
    expect(stepUp(hk, 49.98)).toBe(50);
    expect(stepUp(hk, 50)).toBe(50.05);
    expect(stepDown(hk, 50.05)).toBe(50);
    expect(stepDown(hk, 50)).toBe(49.98);
    expect(stepUp(ntt, 999.9)).toBe(1000);
    expect(stepUp(ntt, 1000)).toBe(1000.5);
    expect(roundToTick(ntt, 141.26)).toBe(141.3);
    expect(roundToTick(listedInTokyo, 141.26)).toBe(141);
  });

  it("shows a price with its tick's decimals, never fewer than cents outside Tokyo", () => {
    expect(priceDecimals(ntt, 141.3)).toBe(1);
    expect(priceDecimals(ntt, 4200)).toBe(0);
    expect(priceDecimals(hk, 4.4)).toBe(2);
    expect(priceDecimals(hk, 0.2)).toBe(3);
    expect(priceDecimals(us, 0.5)).toBe(4);
    expect(formatPrice(ntt, 141.3)).toBe('141.3');
    expect(formatPrice(hk, 4.4)).toBe('4.40');
    expect(formatPrice(sap, 27.005)).toBe('27.005');
  });
});

describe('the quoted bid and ask', () => {
  const instrument = (grid: ReturnType<typeof stock>) => ({ ...grid, id: 1 }) as unknown as Instrument;

  it('a liquid name quotes one tick wide around the price', () => {
    expect(quotedSides(instrument(ntt), 141.33)).toEqual({ bid: 141.3, ask: 141.4 });
    expect(quotedSides(instrument(ntt), 141.3)).toEqual({ bid: 141.3, ask: 141.4 });
  });

  it('a less liquid name quotes two ticks wide, the price as near the middle as the grid allows', () => {
    const thin = instrument(stock('HOT.DE', 'EU', 100_000));
    expect(quotedSides(thin, 240.01)).toEqual({ bid: 239.9, ask: 240.1 });
    expect(quotedSides(thin, 240.09)).toEqual({ bid: 240, ask: 240.2 });
  });

  it('across a band edge the ask takes the coarser step', () => {
    expect(quotedSides(instrument(stock('0002.HK', 'HK', 100_000)), 49.995)).toEqual({ bid: 49.98, ask: 50.05 });
  });
});
