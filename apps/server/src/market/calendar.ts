import { z } from 'zod';
import type { TradingSession } from '../db/schema/settings.ts';
import { loadDataFile } from './reference-data.ts';
import type { Schedule } from './sessions.ts';

/**
 * Exchange calendars (docs/market.md, Calendars): the days an exchange does not trade and the days
 * it closes early, from `calendars/*.json` (the exchanges' published schedules) unless a data
 * vendor's calendar replaced them at start.
 */
export type ExchangeCalendar = {
  exchange: string;
  source: string;
  /** Full-day closures: local date (YYYY-MM-DD) to the holiday's name. */
  holidays: Record<string, string>;
  /** Early closes: local date to the local close (HH:MM); later sessions that day do not open. */
  earlyCloses: Record<string, string>;
  /** The dates the calendar answers for, inclusive; a vendor's defaults to its first to last date named. */
  covers?: { from: string; through: string };
};

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `calendars/*.json`: one exchange's years, each listing only weekdays. */
export const calendarFile = z.object({
  exchange: z.string().min(1),
  source: z.string().min(1),
  covers: z.object({ from: isoDate, through: isoDate }),
  holidays: z.record(isoDate, z.string().min(1)),
  earlyCloses: z.record(isoDate, z.string().regex(/^\d{2}:\d{2}$/)),
});

const files = { NYSE: 'nyse', HKEX: 'hkex', TSE: 'tse', Xetra: 'xetra' } as const;

/**
 * A stock's market code or an index's country (`Instrument.market`) to its exchange. Indices of
 * other countries (Toronto, London, Paris, Shanghai...) have no calendar: they trade every weekday.
 */
const exchangeOf: Record<string, string> = { US: 'NYSE', HK: 'HKEX', JP: 'TSE', EU: 'Xetra', DE: 'Xetra' };

let calendars: Map<string, ExchangeCalendar> | undefined;

function loaded(): Map<string, ExchangeCalendar> {
  calendars ??= new Map(
    Object.entries(files).map(([exchange, file]) => [
      exchange,
      loadDataFile(`market/calendars/${file}.json`, calendarFile),
    ]),
  );
  return calendars;
}

/** The calendar of a market or an index's country, if its exchange has one. */
export function calendarOf(market: string): ExchangeCalendar | undefined {
  return loaded().get(exchangeOf[market] ?? market);
}

type Span = { from: string; through: string };

/** Both spans as one (a vendor's dates next to or over the file's). */
const joined = (a: Span | undefined, b: Span | undefined): Span | undefined =>
  a && b
    ? { from: a.from < b.from ? a.from : b.from, through: a.through > b.through ? a.through : b.through }
    : (a ?? b);

/**
 * Replaces the calendar of a market's exchange (every market and index on it) at start: a data
 * vendor's calendar wins for the dates it covers; the file's entries outside them stay.
 */
export function useCalendar(market: string, calendar: ExchangeCalendar): void {
  const vendor = calendarFile.partial({ covers: true }).parse(calendar);
  const key = exchangeOf[market] ?? market;
  const named = [...Object.keys(vendor.holidays), ...Object.keys(vendor.earlyCloses)].sort();
  const [first, last] = [named[0], named.at(-1)];
  const covers = vendor.covers ?? (first && last ? { from: first, through: last } : undefined);
  const previous = loaded().get(key);
  const outside = (entries: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(entries).filter(([date]) => !covers || date < covers.from || date > covers.through),
    );
  loaded().set(key, {
    exchange: vendor.exchange,
    source: vendor.source,
    holidays: { ...outside(previous?.holidays), ...vendor.holidays },
    earlyCloses: { ...outside(previous?.earlyCloses), ...vendor.earlyCloses },
    covers: joined(previous?.covers, covers),
  });
}

const dayMs = 24 * 60 * 60 * 1000;

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function nextDate(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

const isWeekday = (date: string) => {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** Exchanges already warned that their calendar ended (once each per process). */
const warned = new Set<string>();

function warnPastEnd(calendar: ExchangeCalendar, date: string): void {
  const through = calendar.covers?.through;
  if (!through || date <= through || warned.has(calendar.exchange)) return;
  warned.add(calendar.exchange);
  process.emitWarning(
    `The ${calendar.exchange} calendar ends ${through}: from ${date} it trades every weekday, holidays unknown ` +
      '(add the next years to apps/server/src/market/calendars, docs/market.md Calendars)',
  );
}

/**
 * The trading sessions of local `date` (YYYY-MM-DD) in a schedule: none on a weekend or a holiday
 * of the market's exchange; on an early close the sessions before it, the last one cut there (a
 * Hong Kong half day keeps the morning only).
 */
export function sessionsOf(schedule: Schedule, date: string): readonly TradingSession[] {
  if (!isWeekday(date)) return [];
  const calendar = calendarOf(schedule.market);
  if (!calendar) return schedule.sessions;
  if (calendar.holidays[date] !== undefined) return [];
  const early = calendar.earlyCloses[date];
  if (early === undefined) {
    warnPastEnd(calendar, date);
    return schedule.sessions;
  }
  // HH:MM strings order as times do.
  return schedule.sessions
    .filter((session) => session.open < early)
    .map((session) => (session.close > early ? { open: session.open, close: early } : session));
}
