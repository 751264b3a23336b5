/** The page size of every paged list the app asks for (the server's default, docs/api.md). */
export const pageSize = 20;

/** The next page to ask for, or undefined when every row is loaded. */
export const nextPage = (last: { page: number; pageSize: number; total: number }): number | undefined =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;
