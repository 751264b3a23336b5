/** Query keys of the quant feature: a purchase invalidates `quant` and the wallet's balance. */
export const quantKeys = {
  all: ['quant'] as const,
  funds: (state?: string) => ['quant', 'funds', state ?? 'all'] as const,
  fund: (id: number) => ['quant', 'fund', id] as const,
  rates: (id: number) => ['quant', 'rates', id] as const,
  orders: (status?: number) => ['quant', 'orders', status ?? 'all'] as const,
  profits: (orderId?: number) => ['quant', 'profits', orderId ?? 'all'] as const,
};
