import { call } from '@soar/client';

/** Where this browser stands with push: on, off, blocked by the member, or not possible here. */
export type DevicePush = 'on' | 'off' | 'denied' | 'unsupported';

/** What the browser offers; a seam for the tests. */
export type PushPlatform = {
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  registration(): Promise<ServiceWorkerRegistration>;
};

const browserPlatform: PushPlatform = {
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  registration: () => navigator.serviceWorker.ready,
};

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

export async function devicePush(platform: PushPlatform = browserPlatform): Promise<DevicePush> {
  if (!pushSupported()) return 'unsupported';
  if (platform.permission() === 'denied') return 'denied';
  const subscription = await (await platform.registration()).pushManager.getSubscription();
  return subscription && platform.permission() === 'granted' ? 'on' : 'off';
}

/**
 * Turns push on for this device (docs/web.md, Push notifications): asks the member's permission,
 * subscribes the service worker with the server's key and hands the subscription to the server,
 * which pushes this session's notices to it.
 */
export async function enableDevicePush(platform: PushPlatform = browserPlatform): Promise<DevicePush> {
  if (!pushSupported()) return 'unsupported';
  const permission = await platform.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await call('GET /push/key');
  const registration = await platform.registration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = subscription.toJSON();
  await call('POST /push/subscribe', {
    body: {
      endpoint: json.endpoint ?? subscription.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return 'on';
}

/** Turns push off for this device: the server forgets the endpoint, the browser the subscription. */
export async function disableDevicePush(platform: PushPlatform = browserPlatform): Promise<DevicePush> {
  const subscription = await (await platform.registration()).pushManager.getSubscription();
  if (subscription) {
    await call('POST /push/unsubscribe', { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
