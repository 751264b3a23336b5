import { describe, expect, it } from 'vitest';
import { barStart } from './candles.ts';
import { InstrumentHistory } from './history.ts';
import { type Instrument, roundToTick, tickSize } from './instrument.ts';
import { sessionMinutes } from './sessions.ts';
import { Simulator } from './simulator.ts';

const instrument = (values: Partial<Instrument>): Instrument => ({
  id: 1,
  symbol: 'AAPL',
  kind: 'stock',
  market: 'US',
  name: 'Apple Inc.',
  sector: 'Technology',
  currency: 'USD',
  lotSize: 1,
  schedule: { market: 'US', timezone: 'America/New_York', sessions: [{ open: '09:30', close: '16:00' }] },
  referencePrice: 229.87,
  volatility: 0.28,
  averageVolume: 52_000_000,
  ...values,
});

const universe = [
  instrument({}),
  instrument({
    id: 2,
    symbol: '7203.T',
    market: 'JP',
    referencePrice: 2685,
    lotSize: 100,
    schedule: {
      market: 'JP',
      timezone: 'Asia/Tokyo',
      sessions: [
        { open: '09:00', close: '11:30' },
        { open: '12:30', close: '15:30' },
      ],
    },
  }),
  instrument({ id: 3, symbol: '0700.HK', market: 'HK', referencePrice: 402.4, lotSize: 100 }),
];

const fridayOpen = Date.parse('2026-11-20T14:30:00Z');

function run(seed: number, steps: number, alwaysOpen = true) {
  const simulator = new Simulator(universe, { seed, alwaysOpen, fraction: 1 });
  for (const item of universe) simulator.initialise(item, fridayOpen);
  const prices: number[] = [];
  for (let step = 0; step < steps; step++) {
    for (const trade of simulator.step(new Date(fridayOpen + step * 250))) prices.push(trade.price);
  }
  return prices;
}

describe('the market simulator', () => {
  it('replays the same market from the same seed and another from another seed', () => {
    expect(run(42, 200)).toEqual(run(42, 200));
    expect(run(42, 200)).not.toEqual(run(43, 200));
  });

  it('keeps every price on its market tick grid', () => {
    const simulator = new Simulator(universe, { seed: 7, alwaysOpen: true, fraction: 1 });
    for (const item of universe) simulator.initialise(item, fridayOpen);
    for (let step = 0; step < 500; step++) {
      for (const trade of simulator.step(new Date(fridayOpen + step * 1000))) {
        const tick = tickSize(trade.instrument, trade.price);
        expect(Math.abs(trade.price / tick - Math.round(trade.price / tick))).toBeLessThan(1e-6);
        expect(trade.volume % trade.instrument.lotSize).toBe(0);
      }
    }
  });

  it('stays near the reference price over a long run (mean reversion)', () => {
    const simulator = new Simulator([universe[0] as Instrument], { seed: 3, alwaysOpen: true, fraction: 1 });
    simulator.initialise(universe[0] as Instrument, fridayOpen);
    let price = 0;
    // a minute per step for 100 trading days
    for (let step = 0; step < 39_000; step++) {
      price = simulator.step(new Date(fridayOpen + step * 60_000))[0]?.price ?? 0;
    }
    expect(price).toBeGreaterThan(229.87 / 2);
    expect(price).toBeLessThan(229.87 * 2);
  });

  it('does not trade a closed market', () => {
    const simulator = new Simulator(universe, { seed: 1, alwaysOpen: false, fraction: 1 });
    for (const item of universe) simulator.initialise(item, fridayOpen);
    const saturday = new Date('2026-11-21T15:00:00Z');
    expect(simulator.step(saturday)).toEqual([]);
    // 10:00 in New York is after the Tokyo close: only the New York instruments trade
    const symbols = simulator.step(new Date('2026-11-20T15:00:00Z')).map((trade) => trade.instrument.symbol);
    expect(symbols.sort()).toEqual(['0700.HK', 'AAPL']);
  });

  it('does not trade a market on its holiday', () => {
    const simulator = new Simulator(universe, { seed: 1, alwaysOpen: false, fraction: 1 });
    for (const item of universe) simulator.initialise(item, fridayOpen);
    // Thanksgiving, 10:00 in New York: a weekday without trading (the 0700.HK test instrument keeps
    // the New York schedule and its calendar).
    expect(simulator.step(new Date('2026-11-26T15:00:00Z'))).toEqual([]);
    expect(
      simulator
        .step(new Date('2026-11-25T15:00:00Z'))
        .map((trade) => trade.instrument.symbol)
        .sort(),
    ).toEqual(['0700.HK', 'AAPL']);
  });

  it('trades everything around the clock when markets are always open', () => {
    const simulator = new Simulator(universe, { seed: 1, alwaysOpen: true, fraction: 1 });
    for (const item of universe) simulator.initialise(item, fridayOpen);
    expect(simulator.step(new Date('2026-11-21T15:00:00Z'))).toHaveLength(3);
  });

  it('rounds Tokyo prices to the steps of their table', () => {
    expect(roundToTick({ kind: 'stock', market: 'JP' }, 2685.4)).toBe(2685);
    expect(roundToTick({ kind: 'stock', market: 'JP' }, 4012)).toBe(4010);
    expect(roundToTick({ kind: 'stock', market: 'JP', symbol: '7203.T' }, 2685.4)).toBe(2685.5);
    expect(roundToTick({ kind: 'stock', market: 'HK' }, 402.33)).toBeCloseTo(402.4);
  });

  it('moves a low-priced stock: the walk keeps its unrounded price and prints at the bid or the ask', () => {
    const ntt = instrument({
      id: 9,
      symbol: '9432.T',
      market: 'JP',
      referencePrice: 155,
      lotSize: 100,
      averageVolume: 150_000_000,
    });
    const simulator = new Simulator([ntt], { seed: 11, alwaysOpen: true, fraction: 1 });
    simulator.initialise(ntt, fridayOpen);
    const prices = new Set<number>();
    let mids = 0;
    let last = simulator.states.get(ntt.id)?.mid;
    // Two simulated minutes, one trade every two seconds as in the engine.
    for (let step = 1; step <= 60; step++) {
      const [trade] = simulator.step(new Date(fridayOpen + step * 2000));
      if (!trade) throw new Error('no trade');
      const { quoted, mid } = trade.state;
      expect(quoted && [quoted.bid, quoted.ask]).toContain(trade.price);
      expect(quoted && Math.round((quoted.ask - quoted.bid) * 10)).toBe(1);
      expect(mid !== undefined && quoted && quoted.bid <= mid && mid <= quoted.ask).toBe(true);
      if (mid !== last) mids += 1;
      last = mid;
      prices.add(trade.price);
    }
    expect(mids).toBe(60);
    expect(prices.size).toBeGreaterThanOrEqual(2);
    const state = simulator.states.get(ntt.id);
    expect(state && state.high > state.low).toBe(true);
  });
});

describe('computed history', () => {
  const now = Date.parse('2026-11-20T18:00:00Z'); // Friday, New York in session, Tokyo closed
  const options = { seed: 5, epoch: now, dailyDays: 60, minuteDays: 5 };
  const history = new InstrumentHistory(universe[1] as Instrument, options);
  const rows = (['1m', '5m', '15m', '1h', '1d'] as const).flatMap((interval) => history.bars(interval));

  it('has valid candles: high above and low below open and close', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.high).toBeGreaterThanOrEqual(Math.max(row.open, row.close));
      expect(row.low).toBeLessThanOrEqual(Math.min(row.open, row.close));
      expect(row.low).toBeGreaterThan(0);
    }
  });

  it('has a minute bar for every trading minute of the last five days, without gaps', () => {
    const minutes = history.bars('1m').map((row) => row.time);
    const tokyo = (universe[1] as Instrument).schedule;
    const expected = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'].flatMap((date) =>
      sessionMinutes(tokyo, date).map((minute) => minute.getTime()),
    );
    expect(minutes).toEqual(expected);
  });

  it('has one daily bar per weekday, rolled up from the minutes on the minute days', () => {
    const days = history.bars('1d');
    const weekdays = days.map((row) => new Date(row.time).getUTCDay());
    expect(weekdays.every((day) => day >= 1 && day <= 5)).toBe(true);
    expect(new Set(days.map((row) => row.time)).size).toBe(days.length);
    const friday = days.find((row) => row.time === Date.UTC(2026, 10, 20));
    const fridayMinutes = history
      .bars('1m')
      .filter((row) => barStart('1d', row.time, 'Asia/Tokyo') === Date.UTC(2026, 10, 20));
    expect(friday?.open).toBe(fridayMinutes[0]?.open);
    expect(friday?.close).toBe(fridayMinutes.at(-1)?.close);
    expect(friday?.volume).toBe(fridayMinutes.reduce((sum, row) => sum + row.volume, 0));
    expect(history.state().price).toBe(fridayMinutes.at(-1)?.close);
  });

  it('joins each minute day to the day before: it opens near that close and closes on its own plan', () => {
    const days = history.bars('1d');
    const thursday = days.find((row) => row.time === Date.UTC(2026, 10, 19));
    expect(history.state().prevClose).toBe(thursday?.close);
  });

  it('is the same for the same seed, and a day does not depend on where the window ends', () => {
    const again = new InstrumentHistory(universe[1] as Instrument, options);
    expect(again.bars('1m')).toEqual(history.bars('1m'));
    const longer = new InstrumentHistory(universe[1] as Instrument, { ...options, dailyDays: 400, minuteDays: 300 });
    const minutesOf = (bars: { time: number }[]) => bars.filter((bar) => bar.time < now - 86_400_000 * 3);
    expect(minutesOf(longer.bars('1m')).slice(-500)).toEqual(minutesOf(history.bars('1m')).slice(-500));
  });
});
