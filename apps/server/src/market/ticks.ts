import type { Instrument } from './instrument.ts';

/**
 * The exchanges' tick size tables (docs/market.md, Tick sizes). A table is a list of price bands,
 * each `[limit, tick]`; `upTo` says whether a band's limit belongs to it (Tokyo and Hong Kong:
 * "up to and including 3,000 yen") or to the band above (US and MiFID II: "1.00 and above").
 */
type TickTable = { upTo: boolean; bands: readonly (readonly [limit: number, tick: number])[] };

/** TSE table 01: every stock that is not a TOPIX 500 constituent. */
const tseStandard: TickTable = {
  upTo: true,
  bands: [
    [3_000, 1],
    [5_000, 5],
    [30_000, 10],
    [50_000, 50],
    [300_000, 100],
    [500_000, 500],
    [3_000_000, 1_000],
    [5_000_000, 5_000],
    [30_000_000, 10_000],
    [50_000_000, 50_000],
    [Number.POSITIVE_INFINITY, 100_000],
  ],
};

/** TSE table 03: TOPIX 500 constituents (TOPIX 100 since 2014, the Mid400 since 5 June 2023). */
const tseTopix500: TickTable = {
  upTo: true,
  bands: [
    [1_000, 0.1],
    [3_000, 0.5],
    [10_000, 1],
    [30_000, 5],
    [100_000, 10],
    [300_000, 50],
    [1_000_000, 100],
    [3_000_000, 500],
    [10_000_000, 1_000],
    [30_000_000, 5_000],
    [Number.POSITIVE_INFINITY, 10_000],
  ],
};

/** HKEX spread table, Part A, with phase 1 of the minimum spread reduction (4 August 2025). */
const hkex: TickTable = {
  upTo: true,
  bands: [
    [0.25, 0.001],
    [0.5, 0.005],
    [10, 0.01],
    [20, 0.01],
    [50, 0.02],
    [100, 0.05],
    [200, 0.1],
    [500, 0.2],
    [1_000, 0.5],
    [2_000, 1],
    [5_000, 2],
    [Number.POSITIVE_INFINITY, 5],
  ],
};

/** SEC Regulation NMS Rule 612: quotes of 1.00 and above in cents, below in hundredths of a cent. */
const usRule612: TickTable = {
  upTo: false,
  bands: [
    [1, 0.0001],
    [Number.POSITIVE_INFINITY, 0.01],
  ],
};

/**
 * MiFID II tick size regime (RTS 11, Annex), the columns of liquidity bands 6 (9,000 or more
 * transactions a day) and 5 (2,000 to 9,000): `[price below, tick]`.
 */
const mifidLimits = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];
const mifid = (ticks: number[]): TickTable => ({
  upTo: false,
  bands: ticks.map((tick, i) => [mifidLimits[i] ?? Number.POSITIVE_INFINITY, tick] as const),
});
const xetraLiquid = mifid([
  0.0001, 0.0001, 0.0001, 0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10,
]);
const xetraLessLiquid = mifid([
  0.0001, 0.0001, 0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20,
]);

/**
 * The TOPIX 500 constituents of the reference universe (all of its Tokyo stocks): they trade on
 * the finer table. A stock listed by an IPO is not a constituent and trades on the standard one.
 */
// biome-ignore format: a list of codes, ten to a line
const topix500 = new Set([
  '1605.T', '2502.T', '2802.T', '2914.T', '3382.T', '4063.T', '4452.T', '4502.T', '4503.T', '4519.T',
  '4543.T', '4568.T', '4661.T', '4689.T', '4911.T', '5020.T', '5108.T', '5401.T', '6098.T', '6178.T',
  '6273.T', '6301.T', '6367.T', '6501.T', '6503.T', '6594.T', '6702.T', '6723.T', '6752.T', '6758.T',
  '6857.T', '6861.T', '6902.T', '6920.T', '6954.T', '6981.T', '7011.T', '7012.T', '7201.T', '7203.T',
  '7267.T', '7741.T', '7974.T', '8001.T', '8031.T', '8035.T', '8053.T', '8058.T', '8306.T', '8316.T',
  '8411.T', '8591.T', '8601.T', '8604.T', '8725.T', '8750.T', '8766.T', '8801.T', '8802.T', '9020.T',
  '9022.T', '9101.T', '9432.T', '9433.T', '9434.T', '9501.T', '9502.T', '9503.T', '9735.T', '9983.T',
  '9984.T',
]);

/**
 * Xetra's liquidity band per share is ESMA's (its average daily number of transactions); the
 * reference data carries shares a day instead, so a name trading a million shares a day or more
 * takes band 6 and the rest band 5 (docs/market.md).
 */
const xetraLiquidVolume = 1_000_000;

export type TickGrid = Pick<Instrument, 'kind' | 'market'> & Partial<Pick<Instrument, 'symbol' | 'averageVolume'>>;

function tableOf(instrument: TickGrid): TickTable | undefined {
  if (instrument.kind === 'index') return undefined;
  switch (instrument.market) {
    case 'JP':
      return instrument.symbol && topix500.has(instrument.symbol) ? tseTopix500 : tseStandard;
    case 'HK':
      return hkex;
    case 'EU':
      return (instrument.averageVolume ?? 0) >= xetraLiquidVolume ? xetraLiquid : xetraLessLiquid;
    default:
      return usRule612;
  }
}

/** An index level moves in hundredths (it is not traded, so no exchange table applies). */
const indexTick = 0.01;

function bandAt(table: TickTable, price: number, above: boolean): number {
  for (const [limit, tick] of table.bands) {
    // `above`: the band of prices just above `price` (the next step up starts there).
    if (above || !table.upTo ? price < limit : price <= limit) return tick;
  }
  return table.bands.at(-1)?.[1] ?? indexTick;
}

/**
 * The minimum price step at `price` on the instrument's exchange table. Order prices must be a
 * multiple of it (`PRICE_TICK`); the simulator publishes only prices on it.
 */
export function tickSizeAt(instrument: TickGrid, price: number): number {
  const table = tableOf(instrument);
  return table ? bandAt(table, price, false) : indexTick;
}

const decimalsOf = (tick: number) => Math.max(0, -Math.floor(Math.log10(tick) + 1e-9));
const fixed = (value: number, tick: number) => Number(value.toFixed(decimalsOf(tick)));

/** The next price on the grid above `price` (itself on the grid). */
export function stepUp(instrument: TickGrid, price: number): number {
  const table = tableOf(instrument);
  const tick = table ? bandAt(table, price, true) : indexTick;
  return fixed(price + tick, tick);
}

/** The next price on the grid below `price` (itself on the grid), never below the smallest tick. */
export function stepDown(instrument: TickGrid, price: number): number {
  const tick = tickSizeAt(instrument, price);
  return price - tick > 0 ? fixed(price - tick, tick) : price;
}

/** The grid price at or below `price` (at least one tick). */
export function floorToTick(instrument: TickGrid, price: number): number {
  const tick = tickSizeAt(instrument, price);
  return fixed(Math.max(tick, Math.floor(price / tick + 1e-9) * tick), tick);
}

/** The nearest grid price (at least one tick). */
export function roundToTick(instrument: TickGrid, price: number): number {
  const tick = tickSizeAt(instrument, price);
  return fixed(Math.max(tick, Math.round(price / tick) * tick), tick);
}

/**
 * Decimals a price shows: the tick's at that price, and never fewer than the currency's cents
 * outside Tokyo (HKD 7.50, not 7.5). A TOPIX 500 stock at 141.3 yen shows one decimal, at 4,200
 * none. Without a price, the decimals at the instrument's reference price.
 */
export function priceDecimals(
  instrument: TickGrid & { referencePrice?: number },
  price: number | undefined = instrument.referencePrice,
): number {
  const minimum = instrument.kind === 'stock' && instrument.market === 'JP' ? 0 : 2;
  if (price === undefined) return minimum;
  return Math.max(minimum, decimalsOf(tickSizeAt(instrument, price)));
}
