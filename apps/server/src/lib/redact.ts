/** Query parameters that carry a credential (the WebSocket's and the legacy API's `?token=`). */
const secretParameters = /([?&](?:token|access_token|accessToken|refresh_token|password|code)=)[^&#]*/gi;

/** A URL as the request log may show it: credentials in the query replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(secretParameters, '$1[redacted]');
}

type LoggedRequest = {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's request serializer, with the URL redacted (tokens must never reach the log). */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
