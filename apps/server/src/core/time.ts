/**
 * Wall-clock time in a market's or a member's timezone. Every function takes the instant first and
 * the timezone second.
 */

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timezone: string): Intl.DateTimeFormat {
  let format = partFormatters.get(timezone);
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
    partFormatters.set(timezone, format);
  }
  return format;
}

export type LocalTime = { date: string; weekday: string; minutes: number };

/** Per timezone, the last minute asked for: every trade of an engine step asks for the same one. */
const lastMinute = new Map<string, { minute: number; local: Readonly<LocalTime> }>();

/** The wall-clock date (YYYY-MM-DD), weekday and minute of the day of `at` in `timezone`. */
export function localTime(at: Date, timezone: string): Readonly<LocalTime> {
  // Every timezone's offset is whole minutes, so one UTC minute is one local minute.
  const minute = Math.floor(at.getTime() / 60_000);
  const cached = lastMinute.get(timezone);
  if (cached?.minute === minute) return cached.local;
  const parts = Object.fromEntries(
    partFormatter(timezone)
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

/** The UTC instant of a local wall-clock time (`date` YYYY-MM-DD, `minutes` after midnight). */
export function zonedInstant(date: string, minutes: number, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  // Two passes settle the offset even across a daylight-saving change.
  let instant = guess;
  for (let pass = 0; pass < 2; pass++) {
    const local = localTime(new Date(instant), timezone);
    const [ly, lm, ld] = local.date.split('-').map(Number) as [number, number, number];
    const shown = Date.UTC(ly, lm - 1, ld, 0, local.minutes);
    instant += guess - shown;
  }
  return new Date(instant);
}

/** Formats an instant in a timezone as `YYYY-MM-DD HH:mm:ss` (records that name their timezone). */
export function formatLocalTime(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** A timezone the runtime knows, else UTC. */
export function resolveTimezone(candidate: string | undefined): string {
  if (!candidate) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: candidate });
    return candidate;
  } catch {
    return 'UTC';
  }
}
