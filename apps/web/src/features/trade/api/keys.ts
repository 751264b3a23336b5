/** Query keys of trading: a placed, cancelled, amended or closed order invalidates `trade` and the wallet. */
export const tradeKeys = {
  all: ['trade'] as const,
  holdings: ['trade', 'holdings'] as const,
  pending: ['trade', 'pending'] as const,
  closed: ['trade', 'closed'] as const,
  detail: (id: number) => ['trade', 'detail', id] as const,
  history: (filter: object) => ['trade', 'history', filter] as const,
  preview: (input: object) => ['trade', 'preview', input] as const,
  closePreview: (body: object) => ['trade', 'close-preview', body] as const,
};
