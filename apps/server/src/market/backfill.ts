import type { KlineInterval } from '@soar/contract';
import { barStart, type CandleRow } from './candles.ts';
import type { Instrument, QuoteState } from './instrument.ts';
import { roundToTick } from './instrument.ts';
import { hashSeed, Random } from './random.ts';
import { isTradingDay, localTime, sessionLength, sessionMinutes, volumeShape } from './sessions.ts';

export type BackfillOptions = { seed: number; now: number; dailyDays: number; minuteDays: number };
export type History = { rows: CandleRow[]; state: Omit<QuoteState, 'time'> };

const day = 86_400_000;

/** The local trading dates of the last `calendarDays` days, oldest first (weekends skipped). */
export function tradingDates(instrument: Instrument, now: number, calendarDays: number): string[] {
  const dates: string[] = [];
  for (let back = calendarDays - 1; back >= 0; back--) {
    const local = localTime(instrument.schedule.timezone, new Date(now - back * day));
    if (isTradingDay(local) && dates.at(-1) !== local.date) dates.push(local.date);
  }
  return dates;
}

/**
 * A year of daily bars and the last days in minute bars (rolled up into 5m, 15m and 1h), made
 * by the same mean-reverting walk as the live simulator, so the chart joins the live price.
 * Only finished minutes are written; the engine carries on from the last close.
 */
export function generateHistory(instrument: Instrument, options: BackfillOptions): History {
  const random = new Random(hashSeed(options.seed, `history:${instrument.symbol}`));
  const sigma = instrument.volatility;
  const reference = Math.log(instrument.referencePrice);
  const perDay = sigma / Math.sqrt(252);
  const rows: CandleRow[] = [];
  const dates = tradingDates(instrument, options.now, options.dailyDays);
  const minuteFrom = Math.max(0, dates.length - options.minuteDays);
  const round = (value: number) => roundToTick(instrument, value);
  const volumeOf = (expected: number) =>
    instrument.kind === 'index'
      ? 0
      : Math.round((expected * Math.exp(0.5 * random.gaussian() - 0.125)) / instrument.lotSize) * instrument.lotSize;

  let close = round(Math.exp(reference + perDay * 3 * random.gaussian()));
  let prevClose = close;
  let today: Omit<QuoteState, 'time'> | undefined;

  dates.forEach((date, index) => {
    prevClose = close;
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const dayTime = Date.UTC(y, m - 1, d);
    if (index < minuteFrom) {
      const open = round(close * Math.exp(perDay * 0.2 * random.gaussian()));
      const drift = (3 * (reference - Math.log(open))) / 252;
      close = round(open * Math.exp(drift + perDay * random.gaussian()));
      const high = round(Math.max(open, close) * (1 + Math.abs(random.gaussian()) * perDay * 0.4));
      const low = round(Math.min(open, close) * (1 - Math.abs(random.gaussian()) * perDay * 0.4));
      rows.push({
        instrumentId: instrument.id,
        interval: '1d',
        time: dayTime,
        open,
        high: Math.max(high, open, close),
        low: Math.min(low, open, close),
        close,
        volume: volumeOf(instrument.averageVolume),
      });
      return;
    }
    const minutes = sessionMinutes(instrument.schedule, date).filter(
      (minute) => minute.getTime() + 60_000 <= options.now,
    );
    if (minutes.length === 0) return;
    // The overnight gap: the first minute opens away from the previous close.
    close = round(close * Math.exp(perDay * 0.2 * random.gaussian()));
    const length = sessionLength(instrument.schedule);
    const perMinute = sigma / Math.sqrt(252 * length);
    const rollups = new Map<string, CandleRow>();
    const roll = (interval: KlineInterval, time: number, bar: CandleRow) => {
      const key = `${interval}|${time}`;
      const existing = rollups.get(key);
      if (!existing) {
        rollups.set(key, { ...bar, interval, time });
        return;
      }
      existing.high = Math.max(existing.high, bar.high);
      existing.low = Math.min(existing.low, bar.low);
      existing.close = bar.close;
      existing.volume += bar.volume;
    };
    minutes.forEach((minute, i) => {
      const open = close;
      const drift = (3 * (reference - Math.log(open))) / (252 * length);
      close = round(open * Math.exp(drift + perMinute * random.gaussian()));
      const spread = () => Math.abs(random.gaussian()) * perMinute * 0.5;
      const bar: CandleRow = {
        instrumentId: instrument.id,
        interval: '1m',
        time: minute.getTime(),
        open,
        high: Math.max(open, close, round(Math.max(open, close) * (1 + spread()))),
        low: Math.min(open, close, round(Math.min(open, close) * (1 - spread()))),
        close,
        volume: volumeOf((instrument.averageVolume / length) * volumeShape(i / length)),
      };
      rows.push(bar);
      for (const interval of ['5m', '15m', '1h'] as const) {
        roll(interval, barStart(interval, bar.time, instrument.schedule.timezone), bar);
      }
      roll('1d', dayTime, bar);
    });
    rows.push(...rollups.values());
    const daily = [...rollups.values()].find((row) => row.interval === '1d');
    if (daily) {
      today = {
        price: close,
        open: daily.open,
        high: daily.high,
        low: daily.low,
        prevClose,
        volume: daily.volume,
        day: date,
      };
    }
  });
  return {
    rows,
    state: today ?? {
      price: close,
      open: close,
      high: close,
      low: close,
      prevClose,
      volume: 0,
      day: dates.at(-1) ?? '',
    },
  };
}
