import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list page's filters and page live in the URL (`?status=0&page=2`), so a link or a reload
 * shows the same list. Changing a filter goes back to page 1.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(
    () => Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined])) as Record<K, string | undefined>,
    [params, keys],
  );
  const page = Number(params.get('page') ?? '1') || 1;
  const pageSize = Number(params.get('pageSize') ?? '20') || 20;

  const set = useCallback(
    (changes: Partial<Record<K | 'page' | 'pageSize', string | number | undefined>>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        const paging = 'page' in changes || 'pageSize' in changes;
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!paging) next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  return { values, page, pageSize, set };
}

/** antd Table pagination bound to the URL state. */
export function urlPagination(
  state: { page: number; pageSize: number; set: (changes: { page?: number; pageSize?: number }) => void },
  total: number | undefined,
) {
  return {
    current: state.page,
    pageSize: state.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    onChange: (page: number, pageSize: number) => state.set({ page, pageSize }),
  };
}
