import { call } from '@soar/client';
import { noticeGroupOf } from '@soar/contract';
import { i18n } from '../../shared/i18n.ts';
import { realtime } from '../../shared/realtime/index.ts';
import styles from './live-notices.module.css';

/** Whether a member is signed in, and word of each change (the app hands in the session store). */
export type SignedIn = { now: () => boolean; subscribe: (listener: (signedIn: boolean) => void) => void };

/** How long a live notice stays on screen unless closed. */
const shownMs = 6000;

let stop: (() => void) | undefined;
let shown: { element: HTMLElement; timer: ReturnType<typeof setTimeout> } | undefined;

/**
 * The open app pops each new notice of the member's `notice` topic (docs/api.md, Notifications)
 * for kinds with "in the app" on, and account notices always; announcements and kinds outside
 * the map only reach the inbox. Plain DOM like the toasts: loaded after start-up, not at first load.
 */
export function watchLiveNotices(session: SignedIn): void {
  let current = false;
  const follow = (signedIn: boolean) => {
    if (signedIn === current) return;
    current = signedIn;
    stop?.();
    stop = signedIn ? realtime.subscribe('notice', (data) => void heard(data)) : undefined;
  };
  follow(session.now());
  session.subscribe(follow);
}

async function heard(data: unknown): Promise<void> {
  const id = (data as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' || id <= 0) return;
  const quiet = { toast: false, loading: false } as const;
  const [notices, settings] = await Promise.all([
    call('GET /notice/list', { query: { page: 1, pageSize: 10 } }, quiet),
    call('GET /notification/settings', {}, quiet),
  ]).catch(() => [undefined, undefined] as const);
  const notice = notices?.list.find((item) => item.id === id);
  if (!notice || notice.read || !settings) return;
  const group = noticeGroupOf(notice.kind);
  if (!group) return;
  if (group !== 'account' && !settings.list.find((item) => item.kind === group)?.inApp) return;
  show(notice.title, notice.body);
}

function show(title: string, body: string): void {
  hide();
  const element = document.createElement('div');
  element.className = styles.notice ?? '';
  element.setAttribute('role', 'status');
  element.dataset.testid = 'live-notice';
  const text = document.createElement('div');
  text.className = styles.text ?? '';
  const heading = document.createElement('strong');
  heading.textContent = title;
  const detail = document.createElement('span');
  detail.textContent = body;
  text.append(heading, detail);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = styles.close ?? '';
  close.textContent = '×';
  close.setAttribute('aria-label', i18n.t('notifications.live.close'));
  element.append(text, close);
  element.addEventListener('click', hide);
  document.body.append(element);
  shown = { element, timer: setTimeout(hide, shownMs) };
}

function hide(): void {
  if (!shown) return;
  clearTimeout(shown.timer);
  shown.element.remove();
  shown = undefined;
}
