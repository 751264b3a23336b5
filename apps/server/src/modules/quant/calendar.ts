import { asc } from 'drizzle-orm';
import { localTime, zonedInstant } from '../../core/time.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { markets } from '../../db/schema/index.ts';
import { nextDate, sessionsOf } from '../../market/calendar.ts';
import { isTradingDay, type Schedule } from '../../market/sessions.ts';

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A fund day: a trading date of a market and the UTC instant of its close. */
export type FundDay = { date: string; closeAt: Date };

/**
 * The close of `date` in the schedule: its last session's end, the early close on an early-close
 * day (on a day without trading, where it would have closed).
 */
export function closeOf(schedule: Schedule, date: string): Date {
  const last = sessionsOf(schedule, date).at(-1) ?? schedule.sessions.at(-1);
  if (!last) throw new Error('a market without sessions has no close');
  return zonedInstant(date, toMinutes(last.close), schedule.timezone);
}

/**
 * The fund days of a market in order: every trading day's close, as in the market engine (weekdays
 * without the exchange's holidays, early closes counted). Closes follow the calendar even when
 * MARKETS_ALWAYS_OPEN makes prices tick around the clock (docs/products.md, Quant funds).
 */
export function fundDaysAfter(schedule: Schedule, after: Date, count: number): FundDay[] {
  const days: FundDay[] = [];
  let date = localTime(after, schedule.timezone).date;
  while (days.length < count) {
    if (isTradingDay(schedule, date)) {
      const closeAt = closeOf(schedule, date);
      if (closeAt.getTime() > after.getTime()) days.push({ date, closeAt });
    }
    date = nextDate(date);
  }
  return days;
}

/** The fund days whose close falls in (after, through], oldest first. */
export function fundDaysBetween(schedule: Schedule, after: Date, through: Date): FundDay[] {
  const days: FundDay[] = [];
  let date = localTime(after, schedule.timezone).date;
  const last = localTime(through, schedule.timezone).date;
  while (date <= last) {
    if (isTradingDay(schedule, date)) {
      const closeAt = closeOf(schedule, date);
      if (closeAt.getTime() > after.getTime() && closeAt.getTime() <= through.getTime()) days.push({ date, closeAt });
    }
    date = nextDate(date);
  }
  return days;
}

/** The end of a local date (the next midnight there) as a UTC instant. */
export function endOfLocalDate(timezone: string, date: string): Date {
  return zonedInstant(nextDate(date), 0, timezone);
}

/**
 * The markets' schedules, read at start and on every job pass (operators may edit sessions), so
 * the synchronous parts (the status page's next run, views) can use them.
 */
export class MarketCalendar {
  #schedules = new Map<string, Schedule>();

  constructor(private readonly db: Database) {}

  /** `db` is the caller's transaction when there is one. */
  async load(db: Database | Transaction = this.db): Promise<Map<string, Schedule>> {
    const rows = await db.select().from(markets).orderBy(asc(markets.sort));
    this.#schedules = new Map(
      rows.map((row) => [row.code, { market: row.code, timezone: row.timezone, sessions: row.sessions }]),
    );
    return this.#schedules;
  }

  get codes(): string[] {
    return [...this.#schedules.keys()];
  }

  schedule(code: string): Schedule | undefined {
    return this.#schedules.get(code);
  }

  /** The next close of any market after `now`. */
  nextClose(now: Date): Date | undefined {
    let next: Date | undefined;
    for (const schedule of this.#schedules.values()) {
      const [day] = fundDaysAfter(schedule, now, 1);
      if (day && (!next || day.closeAt < next)) next = day.closeAt;
    }
    return next;
  }
}
