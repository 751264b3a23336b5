const dayMs = 24 * 60 * 60 * 1000;

/** `2026-11-20` of a UTC time. */
export function utcDate(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Daily periods (`YYYY-MM-DD`) due at `minuteOfDay` UTC: every day since the last one done, at
 * most `catchUpDays` back (the first run starts with today's or yesterday's).
 */
export function dailyPeriods(now: Date, lastDone: string | undefined, minuteOfDay: number, catchUpDays = 31): string[] {
  const latestDue = now.getTime() - minuteOfDay * 60_000;
  const newest = Date.parse(`${utcDate(latestDue)}T00:00:00Z`);
  const oldest = lastDone ? Date.parse(`${lastDone}T00:00:00Z`) + dayMs : newest;
  const periods: string[] = [];
  for (let day = Math.max(oldest, newest - (catchUpDays - 1) * dayMs); day <= newest; day += dayMs) {
    periods.push(utcDate(day));
  }
  return periods;
}

/** The next time of day `minuteOfDay` UTC after `now`. */
export function nextDaily(now: Date, minuteOfDay: number): Date {
  const today = Date.parse(`${utcDate(now)}T00:00:00Z`) + minuteOfDay * 60_000;
  return new Date(today > now.getTime() ? today : today + dayMs);
}
