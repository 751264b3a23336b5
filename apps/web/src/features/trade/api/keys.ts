/** Query keys of trading: a placed, cancelled, amended or closed order invalidates `trade` and the wallet. */
export const tradeKeys = {
  all: ['trade'] as const,
  holdings: ['trade', 'holdings'] as const,
  pending: ['trade', 'pending'] as const,
  closed: ['trade', 'closed'] as const,
  detail: (id: number) => ['trade', 'detail', id] as const,
  preview: (input: object) => ['trade', 'preview', input] as const,
};

export const pageSize = 20;

/** The next page to ask for, or undefined when every row is loaded. */
export const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;
