import { localTime, zonedInstant } from '../core/time.ts';
import { nextDate, sessionsOf } from './calendar.ts';
import type { Schedule } from './sessions.ts';

export type SessionState = 'open' | 'break' | 'closed';

export type SessionStatus = {
  state: SessionState;
  /** The next session open after `at` (null while markets trade around the clock). */
  nextOpen: Date | null;
  /** The close of the running session, or of the next one. */
  nextClose: Date | null;
  /** The trading day shown on an intraday chart: today's first open to last close while it is
   * still to come or running, else the next trading day's. */
  day: { open: Date; close: Date } | null;
};

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The sessions of one local date as UTC instants (none on a holiday, cut at an early close). */
function sessionsOn(schedule: Schedule, date: string) {
  return sessionsOf(schedule, date).map((session) => ({
    open: zonedInstant(date, toMinutes(session.open), schedule.timezone),
    close: zonedInstant(date, toMinutes(session.close), schedule.timezone),
  }));
}

/** Local dates looked at from `at`'s: past the longest closure (Tokyo's New Year, Golden Week, Lunar New Year). */
const lookAheadDays = 14;

/**
 * Whether a market trades at `at`, pauses for lunch, or is closed, and when that changes
 * (weekdays in the market's timezone, its exchange's holidays and early closes counted).
 */
export function sessionStatus(schedule: Schedule, at: Date, alwaysOpen: boolean): SessionStatus {
  if (alwaysOpen) return { state: 'open', nextOpen: null, nextClose: null, day: null };
  const now = at.getTime();
  let state: SessionState = 'closed';
  let nextOpen: Date | null = null;
  let nextClose: Date | null = null;
  let day: SessionStatus['day'] = null;
  let date = localTime(at, schedule.timezone).date;
  for (let offset = 0; offset <= lookAheadDays && !(nextOpen && nextClose && day); offset++, date = nextDate(date)) {
    const sessions = sessionsOn(schedule, date);
    const first = sessions[0];
    const last = sessions.at(-1);
    if (!first || !last || last.close.getTime() <= now) continue;
    day ??= { open: first.open, close: last.close };
    for (const session of sessions) {
      if (session.open.getTime() <= now && now < session.close.getTime()) {
        state = 'open';
        nextClose ??= session.close;
      } else if (session.open.getTime() > now) {
        nextOpen ??= session.open;
        nextClose ??= session.close;
      }
    }
    if (state === 'closed' && first.open.getTime() <= now && now < last.close.getTime()) state = 'break';
  }
  return { state, nextOpen, nextClose, day };
}
