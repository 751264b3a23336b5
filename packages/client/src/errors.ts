/**
 * docs/product.md section 8: the client's own failure codes, beside the HTTP status of server failures.
 * `status` is the HTTP status, or one of the negative pseudo-statuses below, or 0 when the
 * network failed before any answer.
 */
export const preventedStatus = -9998;
export const cancelledStatus = -9999;
export const timeoutCode = 5;
export const abortCode = 600003;
export const uploadNetworkErrorCode = 602001;

export type RequestErrorInit = {
  status: number;
  code: string | number;
  message: string;
  reason?: string;
  messages?: string[];
  data?: unknown;
};

export class RequestError extends Error {
  readonly status: number;
  /** The server's error code (`NOT_FOUND`), or a client code (5 timeout, 600003 abort, 602001). */
  readonly code: string | number;
  readonly reason: string | undefined;
  /** The server's messages, one per toast. */
  readonly messages: string[];
  readonly data: unknown;

  constructor(init: RequestErrorInit) {
    super(init.message);
    this.name = 'RequestError';
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason;
    this.messages = init.messages ?? [];
    this.data = init.data;
  }
}

export const preventedError = () =>
  new RequestError({ status: preventedStatus, code: preventedStatus, message: 'request:prevented' });

export const timeoutError = () =>
  new RequestError({ status: cancelledStatus, code: timeoutCode, reason: 'timeout', message: 'request:cancelled' });

export const abortError = () =>
  new RequestError({ status: 0, code: abortCode, reason: 'abort', message: 'request:aborted' });

/** Reads `{ code, message }` where message is a string or a list of strings. */
export function errorFromBody(status: number, body: unknown): RequestError {
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const raw = envelope.message;
  const messages = Array.isArray(raw)
    ? raw.filter((item): item is string => typeof item === 'string')
    : typeof raw === 'string' && raw !== ''
      ? [raw]
      : [];
  const code = typeof envelope.code === 'string' || typeof envelope.code === 'number' ? envelope.code : status;
  return new RequestError({ status, code, messages, message: messages.join('\n') || `HTTP ${status}`, data: body });
}
