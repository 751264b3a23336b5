import { localTime, zonedInstant } from '../core/time.ts';
import type { TradingSession } from '../db/schema/settings.ts';
import { sessionsOf } from './calendar.ts';

/** A market's regular day; `market` (a stock's market code, an index's country) finds its exchange calendar. */
export type Schedule = { market: string; timezone: string; sessions: TradingSession[] };

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const minutesOf = (sessions: readonly TradingSession[]) =>
  sessions.reduce((sum, s) => sum + toMinutes(s.close) - toMinutes(s.open), 0);

/** Whether local `date` trades: a weekday that is not a holiday of the market's exchange. */
export function isTradingDay(schedule: Schedule, date: string): boolean {
  return sessionsOf(schedule, date).length > 0;
}

/** Minutes of trading in a regular day, or on local `date` (none on a holiday, fewer on an early close). */
export function sessionLength(schedule: Schedule, date?: string): number {
  return minutesOf(date === undefined ? schedule.sessions : sessionsOf(schedule, date));
}

/**
 * Where `at` falls in its trading day, 0 at the open to 1 at the close (an early close ends the
 * day sooner), or null when the market is closed (weekend, holiday, before the open, lunch break,
 * after the close).
 */
export function sessionProgress(schedule: Schedule, at: Date): number | null {
  const local = localTime(at, schedule.timezone);
  const sessions = sessionsOf(schedule, local.date);
  let elapsed = 0;
  for (const session of sessions) {
    const open = toMinutes(session.open);
    const close = toMinutes(session.close);
    if (local.minutes >= open && local.minutes < close) {
      return (elapsed + local.minutes - open) / minutesOf(sessions);
    }
    elapsed += close - open;
  }
  return null;
}

export function isOpen(schedule: Schedule, at: Date): boolean {
  return sessionProgress(schedule, at) !== null;
}

/** Every trading minute of local `date` in the schedule, as UTC instants (none on a holiday). */
export function sessionMinutes(schedule: Schedule, date: string): Date[] {
  const result: Date[] = [];
  for (const session of sessionsOf(schedule, date)) {
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
