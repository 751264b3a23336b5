import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { key: string; input?: unknown }[] = [];
vi.mock('@soar/client', () => ({
  call: vi.fn(async (key: string, input?: unknown) => {
    calls.push({ key, input });
    return key === 'GET /push/key' ? { publicKey: 'BPUBLIC' } : { subscribed: key.endsWith('/subscribe') };
  }),
}));

const { devicePush, disableDevicePush, enableDevicePush } = await import('./device-push.ts');

/** A browser whose push manager keeps one subscription. */
function platform(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let current: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    current = {
      endpoint: 'https://push.example.com/1',
      toJSON: () => ({
        endpoint: 'https://push.example.com/1',
        expirationTime: null,
        keys: { p256dh: 'P', auth: 'A' },
      }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    expect(options).toEqual({ userVisibleOnly: true, applicationServerKey: 'BPUBLIC' });
    return current;
  });
  let granted = permission;
  return {
    subscribe,
    permission: () => granted,
    requestPermission: async () => {
      granted = answer;
      return answer;
    },
    registration: async () =>
      ({ pushManager: { getSubscription: async () => current, subscribe } }) as unknown as ServiceWorkerRegistration,
  };
}

describe('push on this device (docs/web.md, Push notifications)', () => {
  beforeEach(() => {
    calls.length = 0;
    Object.assign(window, { PushManager: class {}, Notification: class {} });
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'PushManager');
  });

  it('asks permission, subscribes with the server key and hands the subscription to the server', async () => {
    const browser = platform('default', 'granted');
    expect(await devicePush(browser)).toBe('off');
    expect(await enableDevicePush(browser)).toBe('on');
    expect(calls).toEqual([
      { key: 'GET /push/key', input: undefined },
      {
        key: 'POST /push/subscribe',
        input: {
          body: { endpoint: 'https://push.example.com/1', expirationTime: null, keys: { p256dh: 'P', auth: 'A' } },
        },
      },
    ]);
    expect(await devicePush(browser)).toBe('on');
    expect(await disableDevicePush(browser)).toBe('off');
    expect(calls.at(-1)).toEqual({
      key: 'POST /push/unsubscribe',
      input: { body: { endpoint: 'https://push.example.com/1' } },
    });
    expect(await devicePush(browser)).toBe('off');
  });

  it('subscribes nothing when the member says no, and says so when it is blocked or impossible', async () => {
    const refused = platform('default', 'denied');
    expect(await enableDevicePush(refused)).toBe('denied');
    expect(refused.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(await devicePush(platform('denied'))).toBe('denied');
    Reflect.deleteProperty(window, 'PushManager');
    expect(await devicePush(platform('granted'))).toBe('unsupported');
  });
});
