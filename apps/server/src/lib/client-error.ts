import type { Socket } from 'node:net';
import { translate } from '@soar/i18n';

/** Whole request (headers and body) within this, headers within `headersTimeoutMs`: a slow sender is cut off. */
export const requestTimeoutMs = 30_000;
export const headersTimeoutMs = 15_000;

const statusText: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/**
 * Node answers a request it cannot parse (headers too large, a bad Content-Length, a body that
 * never ends) before Fastify sees it. This writes that answer in the API's `{code, message}`
 * envelope (in English: the request's language is unknown) and closes the connection.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? 413
          : 400;
  const code =
    status === 431 || status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 408 ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const body = JSON.stringify({ code, message: translate('en', `errors.${code}`) });
  socket.end(
    `HTTP/1.1 ${status} ${statusText[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
