import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { login, openSignedIn } from './members.ts';

// The installable app (docs/web.md, "Installable app"): manifest, service worker, offline page,
// update prompt and the Web Push handlers.

const demo = { mail: 'demo@soar.local', password: 'demo1234' };

// A service worker's install fetches the whole precache: under a loaded run that alone can take
// most of the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** Waits until the service worker has installed (its precache complete) and controls the page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 45_000 });
}

/** Every request stored in the page's caches, per cache. */
function cachedRequests(page: Page) {
  return page.evaluate(async () => {
    const stored: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      stored[name] = (await cache.keys()).map((request) => request.url);
    }
    return stored;
  });
}

/** The files the worker was built to keep: the list vite-plugin-pwa writes into sw.js. */
async function precacheList(page: Page) {
  const worker = await (await page.request.get('/sw.js')).text();
  return [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
}

const storedLanguage = (context: BrowserContext, language: string) =>
  context.addInitScript((lang) => {
    if (!localStorage.getItem('soar-language'))
      localStorage.setItem('soar-language', JSON.stringify({ state: { language: lang }, version: 0 }));
  }, language);

test('the manifest is linked and served with the app name, colours, scope and icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href ?? '');
  expect(response.headers()['content-type']).toBe('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Soar',
    short_name: 'Soar',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#465CFF',
  });
  expect(manifest.icons).toEqual([
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ]);
  for (const icon of manifest.icons as { src: string }[]) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test('the worker keeps only the build files: no API answer, no private data, in any cache', async ({
  page,
  request,
}) => {
  const token = await login(request, demo.mail, demo.password);
  // A member's own pages ask for their profile, balances and records: private answers of /api/.
  await openSignedIn(page, token, '/pages/main/profile/index');
  await expect(page.getByTestId('balance-total')).toBeVisible();
  await controlled(page);
  await page.goto('/#/pages/deposit/record');
  await page.goto('/#/pages/main/trade/index');
  await expect(page.getByTestId('tabbar')).toBeVisible();

  const stored = await cachedRequests(page);
  const cached = Object.values(stored).flat();
  expect(Object.keys(stored)).toHaveLength(1);
  expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  // Each stored request is a file of the build's list (the offline page and icons with their revision).
  const built = new Set(await precacheList(page));
  expect(built.size).toBeGreaterThan(50);
  expect(cached.filter((url) => !built.has(new URL(url).pathname.slice(1)))).toEqual([]);
  expect(cached.length).toBe(built.size);

  // With no network, a call to the API fails instead of coming from a cache.
  await page.context().setOffline(true);
  const offlineCall = await page.evaluate(() =>
    fetch('/api/v1/member/profile').then(
      (response) => `answered ${response.status}`,
      () => 'failed',
    ),
  );
  expect(offlineCall).toBe('failed');
});

test('with no network a page opens the offline page, in the stored language, and comes back online', async ({
  page,
  context,
}) => {
  await storedLanguage(context, 'ja');
  await page.goto('/');
  await expect(page.getByTestId('tabbar')).toBeVisible();
  await controlled(page);

  await context.setOffline(true);
  await page.reload();
  const offline = page.getByTestId('offline-page');
  await expect(offline.getByRole('heading', { level: 1 })).toHaveText('オフラインです');
  await expect(offline.getByRole('button')).toHaveText('再試行');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  // Another address of the app, opened while offline, gets the same page.
  await page.goto('/index.html#/pages/main/market/index');
  await expect(offline).toBeVisible();

  // The page goes back to the app by itself once the network returns.
  await context.setOffline(false);
  await expect(page.getByTestId('tabbar')).toBeVisible();
  await expect(offline).toHaveCount(0);
});

test('a new version waiting shows the update prompt; Reload starts it and reloads the page once', async ({
  page,
  context,
}) => {
  // The version installed first is the build with one more line: the real sw.js then reads as
  // the next release. The browser checks for it on the next visit (the reload below).
  const previousRelease = async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n// the release before\n` });
  };
  await context.route('**/sw.js', previousRelease);
  await page.goto('/');
  await controlled(page);
  await context.unroute('**/sw.js', previousRelease);

  await page.reload();
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt).toContainText('A new version of Soar is available.');
  await expect(prompt.getByRole('button', { name: 'Later' })).toBeVisible();
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
    true,
  );

  const loadedAt = await page.evaluate(() => performance.timeOrigin);
  await page.getByTestId('update-reload').click();
  await page.waitForFunction((before) => performance.timeOrigin !== before, loadedAt);
  await expect(page.getByTestId('tabbar')).toBeVisible();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  const registration = await page.evaluate(async () => {
    const current = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(current?.waiting), controlled: navigator.serviceWorker.controller !== null };
  });
  expect(registration).toEqual({ waiting: false, controlled: true });
});

test('Later hides the prompt and leaves the new version waiting', async ({ page, context }) => {
  await storedLanguage(context, 'de');
  const previousRelease = async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n// the release before\n` });
  };
  await context.route('**/sw.js', previousRelease);
  await page.goto('/');
  await controlled(page);
  await context.unroute('**/sw.js', previousRelease);
  await page.reload();
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('Eine neue Version von Soar ist verfügbar.', { timeout: 20_000 });
  await prompt.getByRole('button', { name: 'Später' }).click();
  await expect(prompt).toHaveCount(0);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
    true,
  );
});

test('a push message shows its notification with the payload the contract names, and nothing when malformed', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto('/');
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((item) => item.scopeURL === `${origin}/`)).toBeTruthy();
  const registrationId = registrations.find((item) => item.scopeURL === `${origin}/`)?.registrationId ?? '';
  const push = (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        icon: new URL(notification.icon).pathname,
        badge: new URL(notification.badge).pathname,
        data: notification.data,
      })),
    );

  await push('not json');
  await push(JSON.stringify({ title: 'no body' }));
  await push(
    JSON.stringify({
      title: 'AAPL above 200.00',
      body: 'Apple trades at 200.15 USD',
      url: '/#/pages/quote/stock?symbol=AAPL',
      tag: 'alert-17',
    }),
  );
  await expect.poll(shown).toEqual([
    {
      title: 'AAPL above 200.00',
      body: 'Apple trades at 200.15 USD',
      tag: 'alert-17',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/#/pages/quote/stock?symbol=AAPL' },
    },
  ]);
});
