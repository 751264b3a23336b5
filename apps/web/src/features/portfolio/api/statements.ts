import { call, downloadFrom } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portfolioKeys } from './keys.ts';

/** `GET statement/list`: the newest 100 monthly statements (eight years), newest first. */
export const useStatements = () =>
  useQuery(
    queryOptions({
      queryKey: portfolioKeys.statements,
      queryFn: ({ signal }) => call('GET /statement/list', { query: { page: 1, pageSize: 100 } }, { signal }),
    }),
  );

/** `GET statement/download`: the PDF in the app's language, through the client's download path (60 s). */
export const downloadStatement = (id: number) => downloadFrom('GET /statement/download', { query: { id } });
