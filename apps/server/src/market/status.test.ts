import { describe, expect, it } from 'vitest';
import { sessionStatus } from './status.ts';

const tokyo = {
  market: 'JP',
  timezone: 'Asia/Tokyo',
  sessions: [
    { open: '09:00', close: '11:30' },
    { open: '12:30', close: '15:00' },
  ],
};
const newYork = { market: 'US', timezone: 'America/New_York', sessions: [{ open: '09:30', close: '16:00' }] };
const hongKong = {
  market: 'HK',
  timezone: 'Asia/Hong_Kong',
  sessions: [
    { open: '09:30', close: '12:00' },
    { open: '13:00', close: '16:00' },
  ],
};
const iso = (date: Date | null | undefined) => date?.toISOString();

describe('session status', () => {
  it('is open during a session, with its close next', () => {
    const status = sessionStatus(tokyo, new Date('2026-11-20T01:00:00Z'), false); // Fri 10:00 JST
    expect(status.state).toBe('open');
    expect(status.nextClose?.toISOString()).toBe('2026-11-20T02:30:00.000Z');
    expect(status.nextOpen?.toISOString()).toBe('2026-11-20T03:30:00.000Z');
    expect(status.day).toEqual({ open: new Date('2026-11-20T00:00:00Z'), close: new Date('2026-11-20T06:00:00Z') });
  });

  it('is on a break over lunch, reopening at 12:30', () => {
    const status = sessionStatus(tokyo, new Date('2026-11-20T03:00:00Z'), false); // 12:00 JST
    expect(status.state).toBe('break');
    expect(status.nextOpen?.toISOString()).toBe('2026-11-20T03:30:00.000Z');
  });

  it('is closed over the weekend, opening on Monday (daylight saving counted)', () => {
    const status = sessionStatus(newYork, new Date('2026-11-21T15:00:00Z'), false); // Saturday
    expect(status.state).toBe('closed');
    expect(status.nextOpen?.toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(status.day?.close.toISOString()).toBe('2026-11-23T21:00:00.000Z');
  });

  it('is closed all day on a holiday, opening on the next trading day', () => {
    // Thanksgiving 2026, 10:00 in New York; the next day closes early at 13:00 (18:00 UTC).
    const status = sessionStatus(newYork, new Date('2026-11-26T15:00:00Z'), false);
    expect(status.state).toBe('closed');
    expect(iso(status.nextOpen)).toBe('2026-11-27T14:30:00.000Z');
    expect(iso(status.nextClose)).toBe('2026-11-27T18:00:00.000Z');
    expect(status.day).toEqual({ open: new Date('2026-11-27T14:30:00Z'), close: new Date('2026-11-27T18:00:00Z') });
  });

  it('closes at 13:00 in New York on the day after Thanksgiving', () => {
    const open = sessionStatus(newYork, new Date('2026-11-27T17:00:00Z'), false); // 12:00 EST
    expect(open.state).toBe('open');
    expect(iso(open.nextClose)).toBe('2026-11-27T18:00:00.000Z');
    expect(iso(open.nextOpen)).toBe('2026-11-30T14:30:00.000Z');
    expect(iso(open.day?.close)).toBe('2026-11-27T18:00:00.000Z');
    const after = sessionStatus(newYork, new Date('2026-11-27T18:30:00Z'), false); // 13:30 EST
    expect(after.state).toBe('closed');
    expect(iso(after.nextOpen)).toBe('2026-11-30T14:30:00.000Z');
    expect(iso(after.day?.close)).toBe('2026-11-30T21:00:00.000Z');
  });

  it('trades the morning only on Christmas Eve in Hong Kong, then opens after Christmas and the weekend', () => {
    const morning = sessionStatus(hongKong, new Date('2026-12-24T03:00:00Z'), false); // 11:00 HKT
    expect(morning.state).toBe('open');
    expect(iso(morning.nextClose)).toBe('2026-12-24T04:00:00.000Z');
    expect(iso(morning.nextOpen)).toBe('2026-12-28T01:30:00.000Z');
    // 13:00: no afternoon session, so closed rather than on a lunch break.
    const afternoon = sessionStatus(hongKong, new Date('2026-12-24T05:00:00Z'), false);
    expect(afternoon.state).toBe('closed');
    expect(iso(afternoon.nextOpen)).toBe('2026-12-28T01:30:00.000Z');
  });

  it('skips the long closures: Tokyo New Year and Golden Week, Hong Kong Lunar New Year', () => {
    // Wednesday 30 December after the close: Tokyo is shut 31 December to 3 January.
    expect(iso(sessionStatus(tokyo, new Date('2026-12-30T07:00:00Z'), false).nextOpen)).toBe(
      '2027-01-04T00:00:00.000Z',
    );
    // Friday 1 May after the close: 2 to 6 May are the weekend and three holidays.
    expect(iso(sessionStatus(tokyo, new Date('2026-05-01T07:00:00Z'), false).nextOpen)).toBe(
      '2026-05-07T00:00:00.000Z',
    );
    // Lunar New Year's Eve 2026 after its half day: closed until Friday 20 February.
    const eve = sessionStatus(hongKong, new Date('2026-02-16T05:00:00Z'), false);
    expect(eve.state).toBe('closed');
    expect(iso(eve.nextOpen)).toBe('2026-02-20T01:30:00.000Z');
    expect(iso(eve.nextClose)).toBe('2026-02-20T04:00:00.000Z');
  });

  it('is always open for demos', () => {
    expect(sessionStatus(newYork, new Date('2026-11-26T15:00:00Z'), true)).toEqual({
      state: 'open',
      nextOpen: null,
      nextClose: null,
      day: null,
    });
    expect(sessionStatus(newYork, new Date('2026-11-21T15:00:00Z'), true)).toEqual({
      state: 'open',
      nextOpen: null,
      nextClose: null,
      day: null,
    });
  });
});
