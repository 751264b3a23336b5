import type { KlineInterval } from '@soar/contract';
import { localTime } from '../core/time.ts';
import { barStart, type CandleRow } from './candles.ts';
import type { Instrument, QuoteState } from './instrument.ts';
import { roundToTick } from './instrument.ts';
import { hashSeed, Random } from './random.ts';
import { sessionLength, sessionMinutes, volumeShape } from './sessions.ts';

/**
 * Past candles computed from the seed, never stored (docs/market.md, History). The daily walk
 * runs from a fixed anchor date, two draws per weekday, so a date's open and close depend only
 * on the seed and the symbol; the minutes of a day are a Brownian bridge from that open to that
 * close with their own generator, so one day is computed without the others. `epoch` (the first
 * start, kept in `app_settings`) ends the history: later bars are the live engine's, stored.
 */
export type HistoryWindow = { dailyDays: number; minuteDays: number };
export type HistoryOptions = HistoryWindow & { seed: number; epoch: number };

const day = 86_400_000;
/** The daily walk starts here for every instrument, whatever the epoch. */
const anchor = Date.UTC(2020, 0, 1);

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
/** 1970-01-01 was a Thursday (4). */
const isWeekday = (time: number) => {
  const weekday = (Math.floor(time / day) + 4) % 7;
  return weekday !== 0 && weekday !== 6;
};

type DayPlan = { date: string; time: number; open: number; close: number; minutes: boolean };

/**
 * One instrument's history up to `epoch`: the daily plan (open and close of each weekday in
 * the window) and the days drawn in minutes. Bars are made on demand and kept by the caller.
 */
export class InstrumentHistory {
  readonly days: DayPlan[] = [];
  readonly #perDay: number;
  readonly #round: (value: number) => number;
  /** The minutes of the last day asked for (the epoch's day is asked for again and again at start). */
  #lastMinutes: { plan: DayPlan; rows: CandleRow[] } | undefined;

  constructor(
    readonly instrument: Instrument,
    readonly options: HistoryOptions,
  ) {
    this.#perDay = instrument.volatility / Math.sqrt(252);
    this.#round = (value) => roundToTick(instrument, value);
    const walk = new Random(hashSeed(options.seed, `history:${instrument.symbol}`));
    const reference = Math.log(instrument.referencePrice);
    const today = localTime(new Date(options.epoch), instrument.schedule.timezone).date;
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const last = Date.UTC(y, m - 1, d);
    const first = last - (options.dailyDays - 1) * day;
    let close = Math.exp(reference + this.#perDay * 3 * walk.gaussian());
    for (let time = anchor; time <= last; time += day) {
      if (!isWeekday(time)) continue;
      const open = close * Math.exp(this.#perDay * 0.2 * walk.gaussian());
      const drift = (3 * (reference - Math.log(open))) / 252;
      close = open * Math.exp(drift + this.#perDay * walk.gaussian());
      if (time >= first) this.days.push({ date: isoDate(time), time, open, close, minutes: false });
    }
    for (const plan of this.days.slice(-options.minuteDays)) plan.minutes = true;
  }

  /** The 1-minute bars of a minute day, only those finished by the epoch. */
  minuteBars(plan: DayPlan): CandleRow[] {
    if (this.#lastMinutes?.plan === plan) return this.#lastMinutes.rows;
    const { instrument } = this;
    const random = new Random(hashSeed(this.options.seed, `day:${instrument.symbol}:${plan.date}`));
    const starts = sessionMinutes(instrument.schedule, plan.date);
    const length = sessionLength(instrument.schedule);
    const perMinute = instrument.volatility / Math.sqrt(252 * length);
    // A Brownian bridge in log price from the day's open to its close.
    const steps = new Float64Array(starts.length + 1);
    for (let i = 1; i <= starts.length; i++) steps[i] = (steps[i - 1] ?? 0) + perMinute * random.gaussian();
    const from = Math.log(plan.open);
    const gap = Math.log(plan.close) - from - (steps[starts.length] ?? 0);
    const rows: CandleRow[] = [];
    let close = this.#round(plan.open);
    for (let i = 0; i < starts.length; i++) {
      const time = (starts[i] as Date).getTime();
      const open = close;
      close = this.#round(Math.exp(from + (steps[i + 1] ?? 0) + (gap * (i + 1)) / starts.length));
      const spread = () => Math.abs(random.gaussian()) * perMinute * 0.5;
      const high = Math.max(open, close, this.#round(Math.max(open, close) * (1 + spread())));
      const low = Math.min(open, close, this.#round(Math.min(open, close) * (1 - spread())));
      const volume = this.#volume(random, (instrument.averageVolume / length) * volumeShape(i / length));
      if (time + 60_000 > this.options.epoch) break;
      rows.push({ instrumentId: instrument.id, interval: '1m', time, open, high, low, close, volume });
    }
    this.#lastMinutes = { plan, rows };
    return rows;
  }

  /** A day outside the minute window: one bar from its open and close. */
  dailyBar(plan: DayPlan): CandleRow {
    const random = new Random(hashSeed(this.options.seed, `day:${this.instrument.symbol}:${plan.date}`));
    const open = this.#round(plan.open);
    const close = this.#round(plan.close);
    const high = this.#round(Math.max(open, close) * (1 + Math.abs(random.gaussian()) * this.#perDay * 0.4));
    const low = this.#round(Math.min(open, close) * (1 - Math.abs(random.gaussian()) * this.#perDay * 0.4));
    return {
      instrumentId: this.instrument.id,
      interval: '1d',
      time: plan.time,
      open,
      high: Math.max(high, open, close),
      low: Math.min(low, open, close),
      close,
      volume: this.#volume(random, this.instrument.averageVolume),
    };
  }

  #volume(random: Random, expected: number): number {
    const { instrument } = this;
    const noise = Math.exp(0.5 * random.gaussian() - 0.125);
    return instrument.kind === 'index' ? 0 : Math.round((expected * noise) / instrument.lotSize) * instrument.lotSize;
  }

  /** Every bar of `interval` up to the epoch, oldest first (a partial last bar included). */
  bars(interval: KlineInterval): CandleRow[] {
    return this.days.flatMap((plan) => this.dayBars(plan, interval));
  }

  /** The bars of `interval` in one day. */
  dayBars(plan: DayPlan, interval: KlineInterval): CandleRow[] {
    if (!plan.minutes) return interval === '1d' ? [this.dailyBar(plan)] : [];
    const minutes = this.minuteBars(plan);
    if (interval === '1m') return minutes;
    const rows: CandleRow[] = [];
    let current: CandleRow | undefined;
    for (const bar of minutes) {
      const time = interval === '1d' ? plan.time : barStart(interval, bar.time, this.instrument.schedule.timezone);
      if (current?.time !== time) {
        current = { ...bar, interval, time };
        rows.push(current);
        continue;
      }
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.volume += bar.volume;
    }
    return rows;
  }

  /** The bars of the epoch's own bars that are still open (the live engine continues them). */
  openBars(): CandleRow[] {
    const plan = this.days.at(-1);
    if (!plan) return [];
    return (['5m', '15m', '1h', '1d'] as const).flatMap((interval) => {
      const last = this.dayBars(plan, interval).at(-1);
      return last ? [last] : [];
    });
  }

  /** The quote at the epoch: the last finished minute, that day's bar so far, the close before it. */
  state(): Omit<QuoteState, 'time'> {
    let index = this.days.length - 1;
    let today: CandleRow | undefined;
    for (; index >= 0 && !today; index--) today = this.dayBars(this.days[index] as DayPlan, '1d')[0];
    if (!today) {
      const price = this.#round(this.instrument.referencePrice);
      return {
        price,
        open: price,
        high: price,
        low: price,
        prevClose: price,
        volume: 0,
        day: isoDate(this.options.epoch),
      };
    }
    // Every finished day closes on its planned close (the bridge ends there).
    const before = index >= 0 ? this.#round((this.days[index] as DayPlan).close) : today.open;
    return {
      price: today.close,
      open: today.open,
      high: today.high,
      low: today.low,
      prevClose: before,
      volume: today.volume,
      day: isoDate(today.time),
    };
  }
}
