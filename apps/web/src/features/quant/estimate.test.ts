import { describe, expect, it } from 'vitest';
import { estimatedProfit } from './estimate.ts';
import { rateStats } from './rate-stats.ts';

describe('fund figures', () => {
  it('estimates the profit of an amount over the cycle, rounded down like the server', () => {
    expect(estimatedProfit('200', '0.001', 7, 2)).toBe('1.4');
    expect(estimatedProfit('333', '0.0015', 5, 2)).toBe('2.49');
    expect(estimatedProfit('12345', '0.0025', 30, 0)).toBe('925');
  });

  it('sums up realised rates against the promised range', () => {
    const fund = { dailyRateMin: '0.001', dailyRateMax: '0.003', cycleDays: 10 };
    expect(rateStats([], fund)).toBeUndefined();
    expect(rateStats([{ rate: '0.001' }, { rate: '0.002' }, { rate: '0.0035' }], fund)).toEqual({
      days: 3,
      average: '0.002167',
      cycleAtAverage: '0.02167',
      lowest: '0.001',
      highest: '0.0035',
      withinRange: 2,
    });
  });
});
