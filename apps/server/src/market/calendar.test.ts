import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { calendarFile, calendarOf, sessionsOf } from './calendar.ts';
import { loadDataFile } from './reference-data.ts';

const newYork = { market: 'US', timezone: 'America/New_York', sessions: [{ open: '09:30', close: '16:00' }] };
const hongKong = {
  market: 'HK',
  timezone: 'Asia/Hong_Kong',
  sessions: [
    { open: '09:30', close: '12:00' },
    { open: '13:00', close: '16:00' },
  ],
};
const regularClose = { NYSE: '16:00', HKEX: '16:00', TSE: '15:30', Xetra: '17:30' } as Record<string, string>;

const files = readdirSync(path.join(import.meta.dirname, 'calendars')).filter((file) => file.endsWith('.json'));

describe('the calendar files', () => {
  it('are one per exchange, 2025 to 2027', () => {
    expect(files.sort()).toEqual(['hkex.json', 'nyse.json', 'tse.json', 'xetra.json']);
    for (const file of files) {
      const calendar = loadDataFile(`market/calendars/${file}`, calendarFile);
      expect(calendar.covers, file).toEqual({ from: '2025-01-01', through: '2027-12-31' });
      expect(calendar.source.length, file).toBeGreaterThan(20);
    }
  });

  it('name only weekdays inside the years they cover, early closes before the regular close', () => {
    for (const file of files) {
      const calendar = loadDataFile(`market/calendars/${file}`, calendarFile);
      const dates = [...Object.keys(calendar.holidays), ...Object.keys(calendar.earlyCloses)];
      for (const date of dates) {
        const day = new Date(`${date}T12:00:00Z`);
        expect(day.toISOString().slice(0, 10), `${file} ${date} is a real date`).toBe(date);
        expect([0, 6], `${file} ${date} is a weekday`).not.toContain(day.getUTCDay());
        expect(date >= calendar.covers.from && date <= calendar.covers.through, `${file} ${date} in range`).toBe(true);
        expect(
          calendar.holidays[date] && calendar.earlyCloses[date],
          `${file} ${date} is one or the other`,
        ).toBeFalsy();
      }
      for (const close of Object.values(calendar.earlyCloses)) {
        expect(close < (regularClose[calendar.exchange] ?? ''), `${file} ${close}`).toBe(true);
      }
      // Every year has its holidays.
      for (const year of ['2025', '2026', '2027']) {
        expect(
          Object.keys(calendar.holidays).filter((date) => date.startsWith(year)).length,
          `${file} ${year}`,
        ).toBeGreaterThan(4);
      }
    }
  });

  it('hold the NYSE holidays, observed dates and early closes', () => {
    const nyse = calendarOf('US');
    expect(nyse?.exchange).toBe('NYSE');
    expect(nyse?.holidays).toMatchObject({
      '2025-01-09': 'National Day of Mourning for President Jimmy Carter',
      '2025-04-18': 'Good Friday',
      '2026-07-03': 'Independence Day (observed)',
      '2026-11-26': 'Thanksgiving Day',
      '2027-06-18': 'Juneteenth National Independence Day (observed)',
      '2027-07-05': 'Independence Day (observed)',
      '2027-12-24': 'Christmas Day (observed)',
    });
    // New Year's Day 2028 is a Saturday: the NYSE does not close on Friday 31 December.
    expect(nyse?.holidays['2027-12-31']).toBeUndefined();
    expect(nyse?.earlyCloses).toEqual({
      '2025-07-03': '13:00',
      '2025-11-28': '13:00',
      '2025-12-24': '13:00',
      '2026-11-27': '13:00',
      '2026-12-24': '13:00',
      '2027-11-26': '13:00',
    });
  });

  it('hold the HKEX holidays and half days', () => {
    const hkex = calendarOf('HK');
    expect(hkex?.exchange).toBe('HKEX');
    expect(Object.keys(hkex?.holidays ?? {})).toEqual(
      expect.arrayContaining(['2026-02-17', '2026-02-18', '2026-02-19']),
    );
    expect(hkex?.holidays['2026-04-06']).toBeDefined();
    expect(hkex?.holidays['2027-12-27']).toBe('The first weekday after Christmas Day');
    expect(hkex?.earlyCloses).toMatchObject({ '2026-02-16': '12:00', '2026-12-24': '12:00', '2026-12-31': '12:00' });
  });

  it('hold the TSE year-end and national holidays, substitutes included', () => {
    const tse = calendarOf('JP');
    expect(tse?.exchange).toBe('TSE');
    expect(Object.keys(tse?.holidays ?? {})).toEqual(
      expect.arrayContaining(['2025-12-31', '2026-01-01', '2026-01-02', '2026-05-04', '2026-05-05', '2026-05-06']),
    );
    expect(tse?.holidays['2026-09-22']).toBe("Citizens' Holiday");
    expect(tse?.holidays['2027-03-22']).toBe('Substitute holiday (Vernal Equinox Day)');
    expect(tse?.earlyCloses).toEqual({});
  });

  it('hold the Xetra closures, Christmas Eve and New Year’s Eve included, and no early closes', () => {
    const xetra = calendarOf('EU');
    expect(xetra?.exchange).toBe('Xetra');
    expect(Object.keys(xetra?.holidays ?? {}).filter((date) => date.startsWith('2026'))).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-24',
      '2026-12-25',
      '2026-12-31',
    ]);
    expect(xetra?.earlyCloses).toEqual({});
  });
});

describe('markets and indices find their exchange', () => {
  it('by market code or country; other countries have none', () => {
    expect(calendarOf('US')?.exchange).toBe('NYSE');
    expect(calendarOf('HK')?.exchange).toBe('HKEX');
    expect(calendarOf('JP')?.exchange).toBe('TSE');
    expect(calendarOf('EU')?.exchange).toBe('Xetra');
    expect(calendarOf('DE')?.exchange).toBe('Xetra');
    expect(calendarOf('CA')).toBeUndefined();
    expect(calendarOf('GB')).toBeUndefined();
  });
});

describe('the sessions of a date', () => {
  it('are none on a weekend or a holiday, the regular ones otherwise', () => {
    expect(sessionsOf(newYork, '2026-11-21')).toEqual([]);
    expect(sessionsOf(newYork, '2026-11-26')).toEqual([]);
    expect(sessionsOf(newYork, '2026-11-25')).toEqual(newYork.sessions);
    // Without a calendar (Toronto): every weekday.
    const toronto = { ...newYork, market: 'CA', timezone: 'America/Toronto' };
    expect(sessionsOf(toronto, '2026-11-26')).toEqual(newYork.sessions);
  });

  it('end at an early close', () => {
    expect(sessionsOf(newYork, '2026-11-27')).toEqual([{ open: '09:30', close: '13:00' }]);
  });

  it('keep only the morning on a Hong Kong half day', () => {
    expect(sessionsOf(hongKong, '2026-12-24')).toEqual([{ open: '09:30', close: '12:00' }]);
    expect(sessionsOf(hongKong, '2026-12-23')).toEqual(hongKong.sessions);
  });
});

describe("a data vendor's calendar", () => {
  /** A fresh copy of the module: a vendor's calendar stays for the rest of the process. */
  const fresh = async () => {
    vi.resetModules();
    return import('./calendar.ts');
  };

  it('replaces the file for the dates it covers and keeps the rest', async () => {
    const { calendarOf, sessionsOf, useCalendar } = await fresh();
    useCalendar('US', {
      exchange: 'NYSE',
      source: 'Alpaca calendar',
      covers: { from: '2026-01-01', through: '2028-12-31' },
      holidays: { '2026-11-26': 'Thanksgiving Day', '2028-01-17': 'Martin Luther King, Jr. Day' },
      earlyCloses: { '2026-11-27': '13:30' },
    });
    const vendor = calendarOf('US');
    expect(vendor?.source).toBe('Alpaca calendar');
    // The vendor has no 2026-12-25: for the dates it covers, its answer is the calendar.
    expect(vendor?.holidays['2026-12-25']).toBeUndefined();
    expect(vendor?.holidays['2025-12-25']).toBe('Christmas Day');
    expect(vendor?.covers).toEqual({ from: '2025-01-01', through: '2028-12-31' });
    expect(sessionsOf(newYork, '2026-11-27')).toEqual([{ open: '09:30', close: '13:30' }]);
    expect(sessionsOf(newYork, '2025-11-28')).toEqual([{ open: '09:30', close: '13:00' }]);
    expect(sessionsOf(newYork, '2028-01-17')).toEqual([]);
    // Other exchanges keep their files.
    expect(calendarOf('JP')?.holidays['2026-11-23']).toBe('Labor Thanksgiving Day');
  });

  it('covers from its first to its last date when it does not say', async () => {
    const { calendarOf, useCalendar } = await fresh();
    useCalendar('US', {
      exchange: 'NYSE',
      source: 'vendor',
      holidays: { '2026-06-19': 'Juneteenth', '2026-09-07': 'Labor Day' },
      earlyCloses: {},
    });
    const vendor = calendarOf('US');
    expect(vendor?.holidays['2026-07-03']).toBeUndefined();
    expect(vendor?.holidays['2026-05-25']).toBe('Memorial Day');
    expect(vendor?.holidays['2026-11-26']).toBe('Thanksgiving Day');
  });
});

describe('after the last year', () => {
  it('trades every weekday and warns once', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    expect(sessionsOf(newYork, '2028-01-03')).toEqual(newYork.sessions);
    expect(sessionsOf(newYork, '2028-01-04')).toEqual(newYork.sessions);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('NYSE calendar ends 2027-12-31');
    warn.mockRestore();
  });
});
