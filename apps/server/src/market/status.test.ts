import { describe, expect, it } from 'vitest';
import { sessionStatus } from './status.ts';

const tokyo = {
  timezone: 'Asia/Tokyo',
  sessions: [
    { open: '09:00', close: '11:30' },
    { open: '12:30', close: '15:00' },
  ],
};
const newYork = { timezone: 'America/New_York', sessions: [{ open: '09:30', close: '16:00' }] };

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

  it('is always open for demos', () => {
    expect(sessionStatus(newYork, new Date('2026-11-21T15:00:00Z'), true)).toEqual({
      state: 'open',
      nextOpen: null,
      nextClose: null,
      day: null,
    });
  });
});
