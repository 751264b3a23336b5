import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n.ts';
import { nextPage, pageSize } from '../paging.ts';
import { PagedList } from './paged-list.tsx';

type Row = { id: number; name: string };

function List({ fetchPage }: { fetchPage: (page: number) => Promise<{ list: Row[]; total: number }> }) {
  const query = useInfiniteQuery({
    queryKey: ['rows'],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => ({ ...(await fetchPage(pageParam)), page: pageParam, pageSize }),
    getNextPageParam: nextPage,
    retry: false,
  });
  return <PagedList query={query} testId="rows" empty="Nothing yet" render={(row) => <span>{row.name}</span>} />;
}

function renderList(fetchPage: (page: number) => Promise<{ list: Row[]; total: number }>) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <List fetchPage={fetchPage} />
    </QueryClientProvider>,
  );
}

describe('PagedList', () => {
  beforeAll(() => applyLanguage('en'));
  afterEach(cleanup);

  it('says it is loading, then shows the rows', async () => {
    let answer: (rows: { list: Row[]; total: number }) => void = () => undefined;
    const view = renderList(() => new Promise((resolve) => (answer = resolve)));
    expect(view.getByRole('status').textContent).toBe('Loading…');
    answer({ list: [{ id: 1, name: 'first' }], total: 1 });
    await waitFor(() => expect(view.getByTestId('rows').textContent).toContain('first'));
    expect(view.queryByRole('status')).toBeNull();
  });

  it('says why it is empty in the list’s own words', async () => {
    const view = renderList(async () => ({ list: [], total: 0 }));
    await waitFor(() => expect(view.getByTestId('rows').textContent).toBe('Nothing yet'));
  });

  it('says a failed load failed and retries it on a tap', async () => {
    const fetchPage = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ list: [{ id: 2, name: 'back' }], total: 1 });
    const view = renderList(fetchPage);
    await waitFor(() => expect(view.getByRole('alert').textContent).toContain('Could not load.'));
    fireEvent.click(view.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(view.getByTestId('rows').textContent).toContain('back'));
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
