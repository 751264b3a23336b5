import type { TradingSession } from '../db/schema/settings.ts';

export type Schedule = { timezone: string; sessions: TradingSession[] };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timezone, format);
  }
  return format;
}

export type LocalTime = { date: string; weekday: string; minutes: number };

/** Per timezone, the last minute asked for: every trade of an engine step asks for the same one. */
const lastMinute = new Map<string, { minute: number; local: Readonly<LocalTime> }>();

/** The wall-clock date (YYYY-MM-DD), weekday and minute of the day in `timezone`. */
export function localTime(timezone: string, at: Date): Readonly<LocalTime> {
  // Every timezone's offset is whole minutes, so one UTC minute is one local minute.
  const minute = Math.floor(at.getTime() / 60_000);
  const cached = lastMinute.get(timezone);
  if (cached?.minute === minute) return cached.local;
  const parts = Object.fromEntries(
    formatter(timezone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const local = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: String(parts.weekday),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
  lastMinute.set(timezone, { minute, local });
  return local;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isTradingDay(local: LocalTime): boolean {
  return local.weekday !== 'Sat' && local.weekday !== 'Sun';
}

/** Minutes of trading in one day. */
export function sessionLength(schedule: Schedule): number {
  return schedule.sessions.reduce((sum, s) => sum + toMinutes(s.close) - toMinutes(s.open), 0);
}

/**
 * Where `at` falls in the trading day, 0 at the open to 1 at the close, or null when the market
 * is closed (weekend, before the open, lunch break, after the close). Holidays are not modelled.
 */
export function sessionProgress(schedule: Schedule, at: Date): number | null {
  const local = localTime(schedule.timezone, at);
  if (!isTradingDay(local)) return null;
  let elapsed = 0;
  for (const session of schedule.sessions) {
    const open = toMinutes(session.open);
    const close = toMinutes(session.close);
    if (local.minutes >= open && local.minutes < close) {
      return (elapsed + local.minutes - open) / sessionLength(schedule);
    }
    elapsed += close - open;
  }
  return null;
}

export function isOpen(schedule: Schedule, at: Date): boolean {
  return sessionProgress(schedule, at) !== null;
}

/** The UTC instant of a local wall-clock time (`date` YYYY-MM-DD, `minutes` after midnight). */
export function zonedInstant(timezone: string, date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  // Two passes settle the offset even across a daylight-saving change.
  let instant = guess;
  for (let pass = 0; pass < 2; pass++) {
    const local = localTime(timezone, new Date(instant));
    const [ly, lm, ld] = local.date.split('-').map(Number) as [number, number, number];
    const shown = Date.UTC(ly, lm - 1, ld, 0, local.minutes);
    instant += guess - shown;
  }
  return new Date(instant);
}

/** Every trading minute of `date` in the schedule, as UTC instants. */
export function sessionMinutes(schedule: Schedule, date: string): Date[] {
  const result: Date[] = [];
  for (const session of schedule.sessions) {
    const start = zonedInstant(schedule.timezone, date, toMinutes(session.open)).getTime();
    const length = toMinutes(session.close) - toMinutes(session.open);
    for (let minute = 0; minute < length; minute++) result.push(new Date(start + minute * 60_000));
  }
  return result;
}

/** Relative trading intensity over the day: busy at the open and the close, quiet at midday (mean 1). */
export function volumeShape(progress: number): number {
  const edge = 2 * progress - 1;
  return (1 + 2 * edge * edge) / (5 / 3);
}
