import { describe, expect, it } from 'vitest';
import { Money } from '../../lib/decimal.ts';
import { dailyProfit, drawRate } from './accrual.ts';
import { closeOf, endOfLocalDate, fundDaysAfter, fundDaysBetween } from './calendar.ts';

const newYork = { market: 'US', timezone: 'America/New_York', sessions: [{ open: '09:30', close: '16:00' }] };
const tokyo = {
  market: 'JP',
  timezone: 'Asia/Tokyo',
  sessions: [
    { open: '09:00', close: '11:30' },
    { open: '12:30', close: '15:30' },
  ],
};

describe('fund days: the market closes', () => {
  it("a day's close is its last session's end, in the market's time, across daylight saving", () => {
    expect(closeOf(newYork, '2026-07-01').toISOString()).toBe('2026-07-01T20:00:00.000Z');
    expect(closeOf(newYork, '2026-11-20').toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(closeOf(tokyo, '2026-11-20').toISOString()).toBe('2026-11-20T06:30:00.000Z');
  });

  it('counts weekday closes after a time, skipping the weekend', () => {
    const days = fundDaysAfter(newYork, new Date('2026-11-20T21:00:00Z'), 3);
    expect(days.map((day) => day.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    // Bought before Friday's close: Friday is the first fund day.
    expect(fundDaysAfter(newYork, new Date('2026-11-20T20:59:59Z'), 1)[0]?.date).toBe('2026-11-20');
    // Sunday 23:30 UTC is Monday morning in Tokyo: Monday's close comes first.
    expect(fundDaysAfter(tokyo, new Date('2026-11-29T23:30:00Z'), 1)[0]?.date).toBe('2026-11-30');
  });

  it('lists the closes in a window, end included', () => {
    const days = fundDaysBetween(newYork, new Date('2026-11-18T21:00:00Z'), new Date('2026-11-23T21:00:00Z'));
    expect(days.map((day) => day.date)).toEqual(['2026-11-19', '2026-11-20', '2026-11-23']);
  });

  it('skips holidays and closes at an early close', () => {
    // Wednesday before Thanksgiving, after the close: Thursday is a holiday, Friday closes at 13:00.
    const days = fundDaysAfter(newYork, new Date('2026-11-25T21:00:00Z'), 2);
    expect(days).toEqual([
      { date: '2026-11-27', closeAt: new Date('2026-11-27T18:00:00Z') },
      { date: '2026-11-30', closeAt: new Date('2026-11-30T21:00:00Z') },
    ]);
    expect(closeOf(newYork, '2026-11-27').toISOString()).toBe('2026-11-27T18:00:00.000Z');
    const window = fundDaysBetween(newYork, new Date('2026-11-24T21:00:00Z'), new Date('2026-11-30T21:00:00Z'));
    expect(window.map((day) => day.date)).toEqual(['2026-11-25', '2026-11-27', '2026-11-30']);
    // Tokyo's New Year: from 30 December the next fund day is 4 January.
    expect(fundDaysAfter(tokyo, new Date('2026-12-30T07:00:00Z'), 1)[0]?.date).toBe('2027-01-04');
  });

  it('a last day of trade ends at midnight in the market', () => {
    expect(endOfLocalDate('America/New_York', '2026-11-17').toISOString()).toBe('2026-11-18T05:00:00.000Z');
  });
});

describe('the daily rate and profit', () => {
  it('draws the same rate for the same seed, fund and date, inside the range, and another one elsewhere', () => {
    const rate = drawRate(20261120, 7, '2026-11-20', '0.003', '0.006');
    expect(drawRate(20261120, 7, '2026-11-20', '0.003', '0.006').equals(rate)).toBe(true);
    expect(rate.gte('0.003') && rate.lte('0.006')).toBe(true);
    expect(rate.decimalPlaces()).toBeLessThanOrEqual(6);
    const others = [
      drawRate(20261120, 8, '2026-11-20', '0.003', '0.006'),
      drawRate(20261120, 7, '2026-11-23', '0.003', '0.006'),
      drawRate(1, 7, '2026-11-20', '0.003', '0.006'),
    ];
    for (const other of others) expect(other.equals(rate)).toBe(false);
  });

  it('spreads over the range and never leaves it', () => {
    const rates = Array.from({ length: 500 }, (_, day) => drawRate(1, 1, `day-${day}`, '0.001', '0.002'));
    expect(rates.every((rate) => rate.gte('0.001') && rate.lte('0.002'))).toBe(true);
    expect(rates.some((rate) => rate.lt('0.0012'))).toBe(true);
    expect(rates.some((rate) => rate.gt('0.0018'))).toBe(true);
    expect(drawRate(1, 1, '2026-11-20', '0.004', '0.004').equals('0.004')).toBe(true);
  });

  it("rounds a day's profit down to the currency's decimals", () => {
    expect(dailyProfit('500', '0.004237', 2).equals('2.11')).toBe(true);
    expect(dailyProfit('123457', '0.004237', 0).equals(new Money(523))).toBe(true);
  });
});
