import { asc } from 'drizzle-orm';
import { localTime, zonedInstant } from '../../core/time.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { markets } from '../../db/schema/index.ts';
import type { Schedule } from '../../market/sessions.ts';

const dayMs = 24 * 60 * 60 * 1000;
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A fund day: a trading date of a market and the UTC instant of its close. */
export type FundDay = { date: string; closeAt: Date };

/** The next calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The close of `date` in the schedule: its last session's end. */
export function closeOf(schedule: Schedule, date: string): Date {
  const last = schedule.sessions.at(-1);
  if (!last) throw new Error('a market without sessions has no close');
  return zonedInstant(date, toMinutes(last.close), schedule.timezone);
}

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const isWeekday = (date: string) => weekday(date) !== 0 && weekday(date) !== 6;

/**
 * The fund days of a market in order: every weekday's close (holidays are not modelled, as in
 * the market engine). Closes follow the regular schedule even when MARKETS_ALWAYS_OPEN makes
 * prices tick around the clock (docs/products.md, Quant funds).
 */
export function fundDaysAfter(schedule: Schedule, after: Date, count: number): FundDay[] {
  const days: FundDay[] = [];
  let date = localTime(after, schedule.timezone).date;
  while (days.length < count) {
    if (isWeekday(date)) {
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
    if (isWeekday(date)) {
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
    this.#schedules = new Map(rows.map((row) => [row.code, { timezone: row.timezone, sessions: row.sessions }]));
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
