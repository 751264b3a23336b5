/** Query keys of the portfolio: a balance or order change invalidates `portfolio`. */
export const portfolioKeys = {
  all: ['portfolio'] as const,
  account: (currency: string) => ['portfolio', 'account', currency] as const,
  performance: (range: string, benchmark: string, currency: string) =>
    ['portfolio', 'performance', range, benchmark, currency] as const,
  realised: (year: number | undefined, currency: string) =>
    ['portfolio', 'realised', year ?? 'newest', currency] as const,
  statements: ['portfolio', 'statements'] as const,
};
