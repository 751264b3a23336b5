import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, download, request, upload } from './client.ts';
import { RequestError } from './errors.ts';
import { serialiseQuery } from './query-string.ts';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let toasts: { message: string; duration: number }[];
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let loading: string[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(respond: (call: Call) => Response | Promise<Response>) {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return respond(call);
  });
}

/** A fetch that never answers until aborted, as a hung server would. */
function hang() {
  answer(
    ({ init }) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: RequestError) => error,
  );

beforeEach(() => {
  calls = [];
  toasts = [];
  loading = [];
  onUnauthorized = vi.fn<() => void>();
  configureClient({
    baseUrl: 'https://api.example.test',
    getToken: () => 'secret-token',
    getLanguage: () => 'de',
    onUnauthorized,
    toast: (message, duration) => toasts.push({ message, duration }),
    showLoading: () => loading.push('show'),
    hideLoading: () => loading.push('hide'),
    translate: (key) => `t:${key}`,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request URL and headers', () => {
  it('prepends the base URL and /api/v1 to a relative URL and unwraps the envelope', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: [1, 2] }));
    await expect(request({ url: 'market/app/list' })).resolves.toEqual([1, 2]);
    expect(calls[0]?.url).toBe('https://api.example.test/api/v1/market/app/list');
  });

  it('leaves an absolute URL as it is', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: null }));
    await request({ url: 'https://other.test/x' });
    expect(calls[0]?.url).toBe('https://other.test/x');
  });

  it('sends the bearer token, the language and platform h5', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: null }));
    await request({ url: 'base/setting' });
    expect(calls[0]?.init.headers).toMatchObject({
      authorization: 'Bearer secret-token',
      'x-soar-lang': 'de',
      platform: 'h5',
    });
  });

  it('sends no authorization header without a token', async () => {
    configureClient({ getToken: () => undefined });
    answer(() => json(200, { code: 0, message: 'ok', data: null }));
    await request({ url: 'base/setting' });
    expect(calls[0]?.init.headers).not.toHaveProperty('authorization');
  });

  it('uses GET without a content type by default, JSON for other methods', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: null }));
    await request({ url: 'a' });
    await request({ url: 'b', method: 'POST', data: { mail: 'a@b.c' } });
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.headers).not.toHaveProperty('content-type');
    expect(calls[1]?.init.method).toBe('POST');
    expect(calls[1]?.init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(calls[1]?.init.body).toBe('{"mail":"a@b.c"}');
  });

  it('sends a POST without data with neither a body nor a JSON content type', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: null }));
    await request({ url: 'member/logout', method: 'POST' });
    expect(calls[0]?.init.headers).not.toHaveProperty('content-type');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('puts the query on the URL, arrays comma-separated by default', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: null }));
    await request({ url: 'quote/list', query: { codes: ['AAPL', 'MSFT'], page: 2, none: undefined } });
    expect(calls[0]?.url).toBe('https://api.example.test/api/v1/quote/list?codes=AAPL%2CMSFT&page=2');
  });
});

describe('query serialisation', () => {
  const query = { ids: [1, 2], q: 'a b' };
  it('writes arrays with indices', () => {
    expect(serialiseQuery(query, 'indices')).toBe('ids%5B0%5D=1&ids%5B1%5D=2&q=a%20b');
  });
  it('writes arrays by repeating the key', () => {
    expect(serialiseQuery(query, 'repeat')).toBe('ids=1&ids=2&q=a%20b');
  });
  it('writes arrays with brackets', () => {
    expect(serialiseQuery(query, 'brackets')).toBe('ids%5B%5D=1&ids%5B%5D=2&q=a%20b');
  });
  it('writes arrays comma-separated by default', () => {
    expect(serialiseQuery(query)).toBe('ids=1%2C2&q=a%20b');
  });
});

describe('failures', () => {
  it('counts a status from 400 up as a failure and toasts the message for 2,000 ms', async () => {
    answer(() => json(404, { code: 'NOT_FOUND', message: 'Nicht gefunden' }));
    const error = await failure(request({ url: 'x' }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', messages: ['Nicht gefunden'] });
    expect(toasts).toEqual([{ message: 'Nicht gefunden', duration: 2000 }]);
  });

  it('counts a status below 200 as a failure', async () => {
    // Response cannot carry a 1xx status, so the boundary goes through a stand-in answer.
    vi.stubGlobal('fetch', async () => ({ status: 199, text: async () => '' }) as Response);
    const error = await failure(request({ url: 'x', toast: false }));
    expect(error.status).toBe(199);
  });

  it('accepts 2xx and 3xx answers', async () => {
    answer(() => json(201, { code: 0, message: 'ok', data: 'created' }));
    await expect(request({ url: 'x' })).resolves.toBe('created');
    vi.stubGlobal('fetch', async () => ({ status: 304, text: async () => '' }) as Response);
    await expect(request({ url: 'x' })).resolves.toBeNull();
  });

  it('shows each item of a message list as its own toast', async () => {
    answer(() => json(400, { code: 'VALIDATION_FAILED', message: ['Mail fehlt', 'Passwort zu kurz'] }));
    await failure(request({ url: 'x', method: 'POST', data: {} }));
    expect(toasts.map((toast) => toast.message)).toEqual(['Mail fehlt', 'Passwort zu kurz']);
    expect(toasts.every((toast) => toast.duration === 2000)).toBe(true);
  });

  it('does not toast when the call asks for silence', async () => {
    answer(() => json(500, { code: 'INTERNAL_ERROR', message: 'Fehler' }));
    await failure(request({ url: 'x', toast: false }));
    expect(toasts).toEqual([]);
  });

  it('logs out on 401', async () => {
    answer(() => json(401, { code: 'UNAUTHORIZED', message: 'Bitte anmelden' }));
    const error = await failure(request({ url: 'member/profile', toast: false }));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not log out on other failures', async () => {
    answer(() => json(404, { code: 'NOT_FOUND', message: 'x' }));
    await failure(request({ url: 'member/profile', toast: false }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('toasts a localised message when the network fails', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(request({ url: 'x' }));
    expect(error.status).toBe(0);
    expect(toasts).toEqual([{ message: 't:shell.errors.network', duration: 2000 }]);
  });
});

describe('timeouts, aborts and duplicates', () => {
  it('cancels a request after 10,000 ms with -9999, code 5, reason timeout', async () => {
    vi.useFakeTimers();
    hang();
    const pending = failure(request({ url: 'x' }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: -9999, code: 5, reason: 'timeout', message: 'request:cancelled' });
    expect(toasts.map((toast) => toast.message)).toEqual(['t:shell.errors.timeout']);
  });

  it('gives downloads 60,000 ms', async () => {
    vi.useFakeTimers();
    hang();
    const pending = failure(download({ url: 'statement.pdf' }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: -9999, code: 5 });
  });

  it('answers a download as a Blob', async () => {
    answer(() => new Response('pdf-bytes', { status: 200 }));
    const blob = await download({ url: 'statement.pdf' });
    expect(await blob.text()).toBe('pdf-bytes');
  });

  it('reports a caller abort as code 600003 without a toast', async () => {
    hang();
    const controller = new AbortController();
    const pending = failure(request({ url: 'x', signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ code: 600003, reason: 'abort' });
    expect(toasts).toEqual([]);
  });

  it('prevents an identical request while the first is in flight (-9998)', async () => {
    let release: (response: Response) => void = () => {};
    answer(() => new Promise<Response>((resolve) => (release = resolve)));
    const first = request({ url: 'member/login', method: 'POST', data: { mail: 'a' } });
    const second = await failure(request({ url: 'member/login', method: 'POST', data: { mail: 'a' } }));
    expect(second).toMatchObject({ status: -9998, message: 'request:prevented' });
    release(json(200, { code: 0, message: 'ok', data: 'token' }));
    await expect(first).resolves.toBe('token');
    expect(calls).toHaveLength(1);
    // Once the first has answered, the same request may go again.
    answer(() => json(200, { code: 0, message: 'ok', data: 'again' }));
    await expect(request({ url: 'member/login', method: 'POST', data: { mail: 'a' } })).resolves.toBe('again');
  });

  it('lets identical GETs run side by side unless asked to prevent them', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: 1 }));
    await Promise.all([request({ url: 'x' }), request({ url: 'x' })]);
    expect(calls).toHaveLength(2);
  });

  it('shows the loading indicator for writes and hides it afterwards, not for GETs', async () => {
    answer(() => json(200, { code: 0, message: 'ok', data: 1 }));
    await request({ url: 'x' });
    expect(loading).toEqual([]);
    await request({ url: 'y', method: 'POST', data: {} });
    expect(loading).toEqual(['show', 'hide']);
    await request({ url: 'z', method: 'POST', data: {}, loading: false });
    expect(loading).toEqual(['show', 'hide']);
  });
});

/** A stand-in XMLHttpRequest driven by the test. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('upload', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('posts multipart form data with the headers, 60,000 ms timeout and progress', async () => {
    const progress: number[] = [];
    const pending = upload<{ url: string }>({
      url: 'upload/image',
      file: new Blob(['img']),
      formData: { kind: 'idcard' },
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://api.example.test/api/v1/upload/image');
    expect(xhr.timeout).toBe(60_000);
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer secret-token', platform: 'h5' });
    expect(xhr.body?.get('kind')).toBe('idcard');
    expect(xhr.body?.get('file')).toBeInstanceOf(Blob);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ code: 0, message: 'ok', data: { url: '/static/u/1.png' } });
    xhr.onload?.();
    await expect(pending).resolves.toEqual({ url: '/static/u/1.png' });
    expect(progress).toEqual([25]);
  });

  it('reports a network error of an upload as code 602001', async () => {
    const pending = failure(upload({ url: 'upload/image', file: new Blob(['img']) }));
    FakeXhr.last?.onerror?.();
    expect(await pending).toMatchObject({ code: 602001 });
  });

  it('reports a timed-out upload as -9999 with code 5', async () => {
    const pending = failure(upload({ url: 'upload/image', file: new Blob(['img']) }));
    FakeXhr.last?.ontimeout?.();
    expect(await pending).toMatchObject({ status: -9999, code: 5, reason: 'timeout' });
  });

  it('reports an aborted upload as code 600003', async () => {
    const controller = new AbortController();
    const pending = failure(upload({ url: 'upload/image', file: new Blob(['img']), signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ code: 600003 });
  });
});
