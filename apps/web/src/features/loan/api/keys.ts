/** Query keys of the loan feature: an application or a repayment invalidates `loan` and the balance. */
export const loanKeys = {
  all: ['loan'] as const,
  products: ['loan', 'products'] as const,
  list: (status?: number) => ['loan', 'list', status ?? 'all'] as const,
  detail: (id: number) => ['loan', 'detail', id] as const,
  preview: (id: number, amount: string, date: string) => ['loan', 'preview', id, amount, date] as const,
};
