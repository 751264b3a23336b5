/** Query parameters that carry a credential (the WebSocket's and the legacy API's `?token=`). */
const secretParameters = new Set(['token', 'access_token', 'accesstoken', 'refresh_token', 'password', 'code']);

/**
 * The name a query parser reads: percent-decoded (`%74oken` is `token`) and `+` as a space. A
 * name that does not decode is treated as secret, so nothing undecodable reaches the log.
 */
function parameterName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return null;
  }
}

/** A URL as the request log may show it: credentials in the query replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart < 0 ? url.length : hashStart;
  const pairs = url
    .slice(queryStart + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = parameterName(pair.slice(0, equals));
      return name === null || secretParameters.has(name) ? `${pair.slice(0, equals)}=[redacted]` : pair;
    });
  return `${url.slice(0, queryStart + 1)}${pairs.join('&')}${url.slice(end)}`;
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
