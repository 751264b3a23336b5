import {
  abortError,
  errorFromBody,
  preventedError,
  RequestError,
  timeoutError,
  uploadNetworkErrorCode,
} from './errors.ts';
import { type ArrayFormat, type Query, serialiseQuery } from './query-string.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The product's request timings: 10 s per call, 60 s for uploads and downloads, 2 s toasts. */
export const requestTimeout = 10_000;
export const transferTimeout = 60_000;
export const requestToastDuration = 2000;

export type RequestOptions = {
  url: string;
  method?: Method;
  query?: Query;
  data?: unknown;
  headers?: Record<string, string>;
  timeout?: number;
  arrayFormat?: ArrayFormat;
  /** Reject a second identical request while the first is in flight; on by default except for GET. */
  prevent?: boolean;
  /** Show the loading indicator while the call runs; on by default except for GET. */
  loading?: boolean;
  /** Show the server's error messages as toasts; on by default. */
  toast?: boolean;
  signal?: AbortSignal;
};

/** What the client needs from the app: set once at start-up by `configureClient`. */
export type ClientConfig = {
  baseUrl: string;
  getToken: () => string | undefined;
  getLanguage: () => string;
  onUnauthorized: () => void;
  toast: (message: string, duration: number) => void;
  showLoading: () => void;
  hideLoading: () => void;
  /** The localised text of a client message (`shell.errors.network`). */
  translate: (key: string) => string;
};

export const apiPrefix = '/api/v1';

const noop = () => {};
let config: ClientConfig = {
  baseUrl: '',
  getToken: () => undefined,
  getLanguage: () => 'en',
  onUnauthorized: noop,
  toast: noop,
  showLoading: noop,
  hideLoading: noop,
  translate: (key) => key,
};

export function configureClient(next: Partial<ClientConfig>): void {
  config = { ...config, ...next };
}

/** docs/product.md section 7: relative URLs get the base URL and the version prefix. */
export function resolveUrl(url: string, query?: Query, arrayFormat?: ArrayFormat): string {
  const absolute = /^https?:\/\//.test(url);
  const path = absolute || url.startsWith(`${apiPrefix}/`) ? url : `${apiPrefix}/${url.replace(/^\/+/, '')}`;
  const search = query ? serialiseQuery(query, arrayFormat) : '';
  const full = absolute ? path : config.baseUrl + path;
  return search ? `${full}${full.includes('?') ? '&' : '?'}${search}` : full;
}

/** The headers every call carries (docs/product.md section 7). */
export function commonHeaders(): Record<string, string> {
  const token = config.getToken();
  return {
    'x-soar-lang': config.getLanguage(),
    platform: 'h5',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

const inFlight = new Set<string>();

/** Runs `run` unless an identical request is in flight and prevention is on. */
async function guarded<T>(key: string, prevent: boolean, run: () => Promise<T>): Promise<T> {
  if (!prevent) return run();
  if (inFlight.has(key)) throw preventedError();
  inFlight.add(key);
  try {
    return await run();
  } finally {
    inFlight.delete(key);
  }
}

/** Toasts the messages of a failure and logs out on 401 (docs/product.md section 8). */
function report(error: RequestError, toast: boolean): void {
  if (error.status === 401) config.onUnauthorized();
  if (!toast) return;
  const messages =
    error.messages.length > 0
      ? error.messages
      : error.status === -9999
        ? [config.translate('shell.errors.timeout')]
        : error.status === 0 && error.code !== 600003
          ? [config.translate('shell.errors.network')]
          : [];
  for (const message of messages) config.toast(message, requestToastDuration);
}

function unwrap<T>(body: unknown): T {
  const envelope = body as { code?: unknown; data?: unknown } | null;
  return (envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : body) as T;
}

/**
 * One JSON call. Resolves with the envelope's `data`; rejects with a `RequestError` when the
 * status is below 200 or from 400 up, on timeout, abort or network failure.
 */
export async function request<T>(options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const isGet = method === 'GET';
  const url = resolveUrl(options.url, options.query, options.arrayFormat);
  const key = `${method} ${url} ${isGet ? '' : JSON.stringify(options.data ?? null)}`;
  const loading = options.loading ?? !isGet;
  const toast = options.toast ?? true;
  return guarded(key, options.prevent ?? !isGet, async () => {
    if (loading) config.showLoading();
    try {
      const response = await timedFetch(url, options.timeout ?? requestTimeout, options.signal, {
        method,
        headers: {
          ...commonHeaders(),
          // A POST without data sends no body, so no JSON type either: an empty JSON body is malformed.
          ...(isGet || options.data === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: isGet || options.data === undefined ? undefined : JSON.stringify(options.data),
      });
      const body = await readBody(response);
      if (response.status < 200 || response.status >= 400) throw errorFromBody(response.status, body);
      return unwrap<T>(body);
    } catch (error) {
      const failure = error instanceof RequestError ? error : networkError(error);
      report(failure, toast);
      throw failure;
    } finally {
      if (loading) config.hideLoading();
    }
  });
}

function networkError(error: unknown): RequestError {
  return new RequestError({ status: 0, code: 'NETWORK', message: error instanceof Error ? error.message : 'network' });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** fetch with a timeout (-9999, code 5) and caller abort (600003). */
async function timedFetch(url: string, timeout: number, signal: AbortSignal | undefined, init: RequestInit) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw timeoutError();
    if (controller.signal.aborted) throw abortError();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export type DownloadOptions = Omit<RequestOptions, 'method' | 'data'>;

/** A file download: GET with the 60,000 ms transfer timeout, answered as a Blob. */
export async function download(options: DownloadOptions): Promise<Blob> {
  const url = resolveUrl(options.url, options.query, options.arrayFormat);
  try {
    const response = await timedFetch(url, options.timeout ?? transferTimeout, options.signal, {
      headers: { ...commonHeaders(), ...options.headers },
    });
    if (response.status < 200 || response.status >= 400) throw errorFromBody(response.status, await readBody(response));
    return await response.blob();
  } catch (error) {
    const failure = error instanceof RequestError ? error : networkError(error);
    report(failure, options.toast ?? true);
    throw failure;
  }
}

export type UploadOptions = {
  url: string;
  file: Blob;
  /** The form field of the file. */
  name?: string;
  formData?: Record<string, string>;
  timeout?: number;
  toast?: boolean;
  signal?: AbortSignal;
  /** Percent sent, 0 to 100. */
  onProgress?: (percent: number) => void;
};

/**
 * docs/product.md section 7: uploads are POST multipart. XMLHttpRequest rather than fetch because fetch
 * reports no upload progress. Network failure is code 602001.
 */
export function upload<T>(options: UploadOptions): Promise<T> {
  const url = resolveUrl(options.url);
  const run = () =>
    new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.timeout = options.timeout ?? transferTimeout;
      for (const [name, value] of Object.entries(commonHeaders())) xhr.setRequestHeader(name, value);
      const form = new FormData();
      for (const [name, value] of Object.entries(options.formData ?? {})) form.append(name, value);
      form.append(options.name ?? 'file', options.file);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => {
        let body: unknown = xhr.responseText;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {}
        if (xhr.status < 200 || xhr.status >= 400) reject(errorFromBody(xhr.status, body));
        else resolve(unwrap<T>(body));
      };
      xhr.onerror = () =>
        reject(
          new RequestError({ status: 0, code: uploadNetworkErrorCode, reason: 'network', message: 'upload:failed' }),
        );
      xhr.ontimeout = () => reject(timeoutError());
      xhr.onabort = () => reject(abortError());
      options.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    });
  return run().catch((error: RequestError) => {
    report(error, options.toast ?? true);
    throw error;
  });
}
