import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '../../lib/ip.ts';

/**
 * Where a push may go (docs/api.md, Push): an https URL on a public host, or an origin the
 * deployment lists in PUSH_ENDPOINT_ALLOWLIST (tests list a local push service). A member hands
 * in the URL, so the server must never become a way to reach its own network: the host is
 * checked when the subscription is stored, and every address it resolves to when a push is sent.
 */

export { isPublicAddress };

/** Whether a member may subscribe this endpoint. */
export function endpointAllowed(endpoint: string, allowlist: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowlist.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host);
  return host.includes('.') && !/(^|\.)(localhost|local|internal|lan|home\.arpa)$/i.test(host);
}

/** A lookup that refuses a host resolving to any address that is not public. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(Object.assign(new Error(`push host ${hostname} is not public`), { code: 'EPUSHHOST' }), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    callback(null, first?.address ?? '', first?.family ?? 4);
  });
};

export type PushResponse = { status: number; body: string };

/**
 * POSTs an encrypted push message; an allow-listed origin goes as its URL says, any other to its
 * public addresses only, never following a redirect.
 */
export function postPush(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer,
  allowlist: readonly string[],
  timeoutMs = 10_000,
): Promise<PushResponse> {
  const url = new URL(endpoint);
  const allowed = allowlist.includes(url.origin);
  const transport = url.protocol === 'http:' && allowed ? http : https;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': body.length },
        timeout: timeoutMs,
        ...(allowed ? {} : { lookup: publicLookup }),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 2000) text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(body);
  });
}
