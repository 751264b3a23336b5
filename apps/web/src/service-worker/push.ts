/** What the server sends with a Web Push message (docs/web.md, "Push notifications"). */
export type PushPayload = { title: string; body: string; url?: string; tag?: string };

/** Where the notification's icons are (apps/web/public/icons). */
export const notificationIcon = '/icons/icon-192.png';
export const notificationBadge = '/icons/badge-96.png';

const isText = (value: unknown): value is string => typeof value === 'string';

/** The payload, or null when the message is not the JSON the contract names. */
export function readPushPayload(text: string | null): PushPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (!isText(title) || !isText(body)) return null;
  return { title, body, ...(isText(url) && { url }), ...(isText(tag) && { tag }) };
}

export function notificationOf(payload: PushPayload): { title: string; options: NotificationOptions } {
  return {
    title: payload.title,
    options: {
      body: payload.body,
      ...(payload.tag && { tag: payload.tag }),
      icon: notificationIcon,
      badge: notificationBadge,
      data: { url: payload.url },
    },
  };
}

/**
 * The address a tap opens: the payload's `url` (a hash route such as
 * `/#/pages/quote/stock?symbol=AAPL`) on Soar's own origin, else the home page. An address on
 * another origin is not followed.
 */
export function targetUrl(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  const home = `${origin}/`;
  if (!isText(url)) return home;
  try {
    const target = new URL(url, home);
    return target.origin === origin ? target.href : home;
  } catch {
    return home;
  }
}

type WindowLike = { url: string; focused: boolean };

/** An open window of the web app (not the back office under `/admin/`), the focused one first. */
export function soarWindow<T extends WindowLike>(windows: readonly T[], origin: string): T | undefined {
  const soar = windows.filter((window) => {
    const url = new URL(window.url);
    return url.origin === origin && !url.pathname.startsWith('/admin');
  });
  return soar.find((window) => window.focused) ?? soar[0];
}
