/** Query keys of the IPO feature: a subscription change invalidates `ipo` and the wallet's balance. */
export const ipoKeys = {
  all: ['ipo'] as const,
  offers: (state?: string) => ['ipo', 'offers', state ?? 'all'] as const,
  offer: (id: number) => ['ipo', 'offer', id] as const,
  subscriptions: () => ['ipo', 'subscriptions'] as const,
};
