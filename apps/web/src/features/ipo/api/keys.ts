/** Query keys of the IPO feature: a subscription change invalidates `ipo` and the wallet's balance. */
export const ipoKeys = {
  all: ['ipo'] as const,
  offers: (state?: string) => ['ipo', 'offers', state ?? 'all'] as const,
  offer: (id: number) => ['ipo', 'offer', id] as const,
  subscriptions: () => ['ipo', 'subscriptions'] as const,
};

export const pageSize = 20;

/** The next page to ask for, or undefined when every row is loaded. */
export const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;
