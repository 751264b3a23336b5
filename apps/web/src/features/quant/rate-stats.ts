import Decimal from 'decimal.js';

export type RateStats = {
  days: number;
  average: string;
  /** The average daily rate over a whole cycle. */
  cycleAtAverage: string;
  lowest: string;
  highest: string;
  withinRange: number;
};

/** What the record page says of a fund's realised rates against its promised range. */
export function rateStats(
  rates: { rate: string }[],
  fund: { dailyRateMin: string; dailyRateMax: string; cycleDays: number },
): RateStats | undefined {
  if (rates.length === 0) return undefined;
  const values = rates.map((item) => new Decimal(item.rate));
  const sum = values.reduce((total, value) => total.plus(value), new Decimal(0));
  const average = sum.dividedBy(values.length).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  return {
    days: values.length,
    average: average.toFixed(),
    cycleAtAverage: average.times(fund.cycleDays).toFixed(),
    lowest: Decimal.min(...values).toFixed(),
    highest: Decimal.max(...values).toFixed(),
    withinRange: values.filter(
      (value) => value.greaterThanOrEqualTo(fund.dailyRateMin) && value.lessThanOrEqualTo(fund.dailyRateMax),
    ).length,
  };
}
