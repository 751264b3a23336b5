/** Query keys of the market calls, so a write can refresh what it changed. */
export const marketKeys = {
  quoteList: (market: string | undefined, tab: string) => ['market', 'quote', 'list', market ?? '', tab] as const,
  popular: ['market', 'popular'] as const,
  search: (q: string) => ['search', q] as const,
  newsList: (pageSize: number) => ['news', 'list', pageSize] as const,
  newsDetail: (id: string) => ['news', 'detail', id] as const,
};
