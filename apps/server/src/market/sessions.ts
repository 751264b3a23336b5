import { type LocalTime, localTime, zonedInstant } from '../core/time.ts';
import type { TradingSession } from '../db/schema/settings.ts';

export type Schedule = { timezone: string; sessions: TradingSession[] };

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
  const local = localTime(at, schedule.timezone);
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

/** Every trading minute of `date` in the schedule, as UTC instants. */
export function sessionMinutes(schedule: Schedule, date: string): Date[] {
  const result: Date[] = [];
  for (const session of schedule.sessions) {
    const start = zonedInstant(date, toMinutes(session.open), schedule.timezone).getTime();
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
