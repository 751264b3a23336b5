import type { ApiData, ApiInput, ApiKey, ApiNeedsInput } from '@soar/contract';
import { download, type RequestOptions, request, type UploadOptions, upload } from './client.ts';

export type CallOptions = Pick<RequestOptions, 'headers' | 'signal' | 'loading' | 'toast' | 'prevent' | 'timeout'>;

/**
 * Calls one endpoint of the contract by its key, `'GET /wallet/balance'`: the key, the query, the
 * body and the answer are all typed from @soar/contract (types only: no schema reaches the
 * bundle). A key the contract does not have fails the typecheck.
 */
export function call<K extends ApiKey>(
  key: K,
  ...[input, options]: ApiNeedsInput<K> extends true
    ? [input: ApiInput<K>, options?: CallOptions]
    : [input?: ApiInput<K>, options?: CallOptions]
): Promise<ApiData<K>> {
  const [method, path] = (key as string).split(' ') as [RequestOptions['method'], string];
  const { query, body } = (input ?? {}) as { query?: RequestOptions['query']; body?: unknown };
  return request<ApiData<K>>({ ...options, url: path, method, query, data: body });
}

/**
 * Uploads a file (multipart, with progress) to one endpoint of the contract by its key,
 * `'POST /upload'`; the answer is typed from the contract like `call()`'s.
 */
export function uploadTo<K extends ApiKey>(key: K, options: Omit<UploadOptions, 'url'>): Promise<ApiData<K>> {
  const [, path] = (key as string).split(' ') as [string, string];
  return upload<ApiData<K>>({ ...options, url: path });
}

/**
 * Downloads the file of one endpoint of the contract by its key, `'GET /export/csv'` (a CSV or a
 * PDF, not the JSON envelope), through the download path: 60,000 ms, answered as a Blob.
 */
export function downloadFrom<K extends ApiKey>(
  key: K,
  input: ApiInput<K>,
  options: Pick<CallOptions, 'headers' | 'signal' | 'toast'> = {},
): Promise<Blob> {
  const [, path] = (key as string).split(' ') as [string, string];
  const { query } = input as { query?: RequestOptions['query'] };
  return download({ ...options, url: path, query });
}
