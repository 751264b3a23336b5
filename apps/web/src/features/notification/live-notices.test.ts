import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (data: unknown) => void;
const listeners = new Map<string, Listener>();
vi.mock('../../shared/realtime/index.ts', () => ({
  realtime: {
    subscribe: (topic: string, listener: Listener) => {
      listeners.set(topic, listener);
      return () => listeners.delete(topic);
    },
  },
}));

const notices = [
  { id: 3, kind: 'orderFilled', title: 'Order filled', body: 'Bought 1 AAPL', reference: null, read: false },
  { id: 2, kind: 'depositPassed', title: 'Deposit credited', body: '5 USD', reference: null, read: false },
  { id: 1, kind: 'announcement', title: 'News', body: 'Hello', reference: null, read: false },
  { id: 4, kind: 'signInNew', title: 'New sign-in', body: 'Chrome', reference: null, read: false },
];
const settings = {
  list: [
    { kind: 'fills', push: true, inApp: false, email: false },
    { kind: 'deposits', push: true, inApp: true, email: false },
  ],
  hasMail: true,
  emailAvailable: true,
};
vi.mock('@soar/client', () => ({
  call: vi.fn(async (key: string) => (key === 'GET /notice/list' ? { list: notices } : settings)),
}));

const { watchLiveNotices } = await import('./live-notices.ts');

/** Hands the `notice` topic a frame and lets the two calls answer. */
async function hear(id: number) {
  listeners.get('notice')?.({ userId: 9, id });
  await new Promise((resolve) => setTimeout(resolve, 10));
  return document.querySelector('[data-testid="live-notice"]')?.textContent ?? null;
}

describe('live notices (docs/api.md, Notifications)', () => {
  const changes: ((signedIn: boolean) => void)[] = [];
  watchLiveNotices({ now: () => true, subscribe: (listener) => changes.push(listener) });
  afterEach(() => {
    for (const element of document.querySelectorAll('[data-testid="live-notice"]')) element.remove();
  });

  it('pops a notice whose kind has "in the app" on, and account notices always', async () => {
    expect(await hear(2)).toContain('Deposit credited');
    expect(await hear(4)).toContain('New sign-in');
  });

  it('keeps quiet for a kind turned off, for announcements and for frames of a read', async () => {
    expect(await hear(3)).toBeNull();
    expect(await hear(1)).toBeNull();
    expect(await hear(0)).toBeNull();
  });

  it('stops listening when the member signs out', () => {
    for (const change of changes) change(false);
    expect(listeners.has('notice')).toBe(false);
  });
});
