import { describe, expect, it } from 'vitest';
import { queueAge } from './queue-age.ts';

const now = Date.parse('2026-11-20T12:00:00Z');

describe('queueAge', () => {
  it('reads minutes, then hours up to two days, then days', () => {
    expect(queueAge('2026-11-20T11:59:30Z', now)).toEqual({ unit: 'justNow', count: 0 });
    expect(queueAge('2026-11-20T11:35:00Z', now)).toEqual({ unit: 'minutes', count: 25 });
    expect(queueAge('2026-11-20T09:00:00Z', now)).toEqual({ unit: 'hours', count: 3 });
    expect(queueAge('2026-11-18T13:00:00Z', now)).toEqual({ unit: 'hours', count: 47 });
    expect(queueAge('2026-11-17T12:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
  });

  it('treats a time slightly ahead of the browser clock as just now', () => {
    expect(queueAge('2026-11-20T12:00:05Z', now)).toEqual({ unit: 'justNow', count: 0 });
  });
});
