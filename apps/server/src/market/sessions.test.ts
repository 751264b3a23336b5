import { describe, expect, it } from 'vitest';
import { localTime, zonedInstant } from '../core/time.ts';
import { isOpen, sessionLength, sessionMinutes, sessionProgress, volumeShape } from './sessions.ts';

const newYork = { market: 'US', timezone: 'America/New_York', sessions: [{ open: '09:30', close: '16:00' }] };
const tokyo = {
  market: 'JP',
  timezone: 'Asia/Tokyo',
  sessions: [
    { open: '09:00', close: '11:30' },
    { open: '12:30', close: '15:30' },
  ],
};

describe('trading sessions in the market timezone', () => {
  it('New York is open at 10:00 local time on a weekday', () => {
    // Friday 2026-11-20 10:00 EST = 15:00 UTC
    expect(isOpen(newYork, new Date('2026-11-20T15:00:00Z'))).toBe(true);
    expect(isOpen(newYork, new Date('2026-11-20T14:29:00Z'))).toBe(false);
    expect(isOpen(newYork, new Date('2026-11-20T21:00:00Z'))).toBe(false);
  });

  it('Tokyo is closed over the lunch break and open either side', () => {
    expect(isOpen(tokyo, new Date('2026-11-20T02:00:00Z'))).toBe(true); // 11:00 JST
    expect(isOpen(tokyo, new Date('2026-11-20T03:00:00Z'))).toBe(false); // 12:00 JST
    expect(isOpen(tokyo, new Date('2026-11-20T04:00:00Z'))).toBe(true); // 13:00 JST
  });

  it('every market is closed on Saturday and Sunday', () => {
    expect(isOpen(newYork, new Date('2026-11-21T15:00:00Z'))).toBe(false);
    expect(isOpen(tokyo, new Date('2026-11-22T02:00:00Z'))).toBe(false);
  });

  it('uses the local date, not the UTC one', () => {
    // 23:30 UTC Sunday is 08:30 Monday in Tokyo
    expect(localTime(new Date('2026-11-22T23:30:00Z'), 'Asia/Tokyo')).toMatchObject({
      date: '2026-11-23',
      weekday: 'Mon',
    });
  });

  it('counts session progress across the lunch break', () => {
    expect(sessionProgress(tokyo, new Date('2026-11-20T00:00:00Z'))).toBe(0);
    expect(sessionProgress(tokyo, new Date('2026-11-20T03:30:00Z'))).toBeCloseTo(150 / 330);
  });

  it('finds local wall-clock instants on both sides of a daylight-saving change', () => {
    expect(zonedInstant('2026-07-01', 9 * 60 + 30, 'America/New_York').toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedInstant('2026-11-20', 9 * 60 + 30, 'America/New_York').toISOString()).toBe('2026-11-20T14:30:00.000Z');
  });

  it('lists every trading minute of a day', () => {
    const minutes = sessionMinutes(tokyo, '2026-11-20');
    expect(minutes).toHaveLength(330);
    expect(minutes[0]?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(minutes[150]?.toISOString()).toBe('2026-11-20T03:30:00.000Z');
  });

  it('is closed all day on a holiday of the exchange', () => {
    // Good Friday 2026, 11:00 in New York; Labor Thanksgiving Day, 10:00 in Tokyo.
    expect(isOpen(newYork, new Date('2026-04-03T15:00:00Z'))).toBe(false);
    expect(isOpen(tokyo, new Date('2026-11-23T01:00:00Z'))).toBe(false);
    expect(sessionMinutes(newYork, '2026-04-03')).toEqual([]);
    expect(sessionLength(newYork, '2026-04-03')).toBe(0);
    // An index on the same exchange: the DAX follows Xetra's Christmas Eve.
    const frankfurt = { market: 'DE', timezone: 'Europe/Berlin', sessions: [{ open: '09:00', close: '17:30' }] };
    expect(isOpen(frankfurt, new Date('2026-12-24T10:00:00Z'))).toBe(false);
    expect(isOpen(frankfurt, new Date('2026-12-23T10:00:00Z'))).toBe(true);
  });

  it('ends the day at an early close, progress counted over the shorter day', () => {
    // The day after Thanksgiving 2026: New York closes at 13:00 (18:00 UTC).
    expect(isOpen(newYork, new Date('2026-11-27T17:59:00Z'))).toBe(true);
    expect(isOpen(newYork, new Date('2026-11-27T18:00:00Z'))).toBe(false);
    expect(sessionLength(newYork)).toBe(390);
    expect(sessionLength(newYork, '2026-11-27')).toBe(210);
    expect(sessionMinutes(newYork, '2026-11-27')).toHaveLength(210);
    expect(sessionMinutes(newYork, '2026-11-27').at(-1)?.toISOString()).toBe('2026-11-27T17:59:00.000Z');
    expect(sessionProgress(newYork, new Date('2026-11-27T16:45:00Z'))).toBeCloseTo(135 / 210);
  });

  it('trades more at the open and the close than at midday', () => {
    expect(volumeShape(0)).toBeGreaterThan(2 * volumeShape(0.5));
    expect(volumeShape(1)).toBeGreaterThan(2 * volumeShape(0.5));
  });
});
