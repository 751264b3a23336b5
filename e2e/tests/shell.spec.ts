import { expect, type Page, test } from '@playwright/test';
import { demoSession, en, routes } from './routes.ts';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the route table covers the spec’s 44 pages, the performance, statements and price alerts pages, the sign-out link page, the passkeys page and the notification settings and unsubscribe pages, five of them tabs', () => {
  expect(routes).toHaveLength(51);
  expect(routes.filter((route) => route.tab).map((route) => route.path)).toEqual([
    '/',
    '/pages/main/market/index',
    '/pages/main/watchlist/index',
    '/pages/main/trade/index',
    '/pages/main/profile/index',
  ]);
});

test('every route renders its title without a page error, titled Soar', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  const session = await demoSession(request);
  await page.addInitScript((stored) => localStorage.setItem('soar-session', stored), session);
  // A signed-in member opening login or register lands on the profile (docs/web.md).
  const profile = routes.find((route) => route.path === '/pages/main/profile/index');
  const signedInSkips = new Set(['/pages/auth/login', '/pages/auth/register']);
  for (const route of routes) {
    await page.goto(`/#${route.path}`);
    const shown = signedInSkips.has(route.path) && profile ? profile : route;
    await expect(page.getByRole('heading', { level: 1, name: en(shown.title) }), route.path).toBeVisible();
    await expect(page).toHaveTitle('Soar');
    expect(errors, route.path).toEqual([]);
  }
});

test('the aliases show the home and login pages', async ({ page }) => {
  await page.goto('/#/pages/main/home/index');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/#/pages/login/index');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('an unknown route shows not found with a way home', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/#/pages/nowhere/index');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('tabbar')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the tab bar shows on the five tab pages only, in the spec order', async ({ page }) => {
  test.setTimeout(120_000);
  for (const route of routes) {
    if (route.needLogin) continue;
    await page.goto(`/#${route.path}`);
    await expect(page.getByRole('heading', { level: 1, name: en(route.title) })).toBeVisible();
    await expect(page.getByTestId('tabbar'), route.path).toHaveCount(route.tab ? 1 : 0);
  }
  await page.goto('/');
  await expect(page.getByTestId('tabbar').getByRole('button')).toHaveText([
    'Home',
    'Markets',
    'Watchlists',
    'Trade',
    'Profile',
  ]);
  const box = await page.getByTestId('tabbar').boundingBox();
  expect(box?.height).toBe(50);
});

test('a tab page keeps its scroll position when the user switches tabs', async ({ page }) => {
  await page.goto('/#/pages/main/market/index');
  await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible();
  const area = page.locator('.page-host:not([hidden]) [data-testid="scroll-area"]');
  await area.evaluate((element) => {
    const filler = document.createElement('div');
    filler.id = 'e2e-filler';
    filler.style.height = '3000px';
    element.append(filler);
    element.scrollTop = 700;
    element.dispatchEvent(new Event('scroll'));
  });
  await page.getByTestId('tab-trade').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trade' })).toBeVisible();
  await page.getByTestId('tab-markets').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible();
  // The same element, never unmounted, back where it was.
  await expect(page.locator('#e2e-filler')).toHaveCount(1);
  expect(await area.evaluate((element) => element.scrollTop)).toBe(700);
});

test('a guest opening a needLogin page lands on the login page with the redirect kept', async ({ page }) => {
  await page.goto('/#/pages/deposit/index?type=crypto');
  await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=%2Fpages%2Fdeposit%2Findex%3Ftype%3Dcrypto$/);
  // Named by its title, not its address.
  await expect(page.getByTestId('login-redirect')).toHaveText('After you log in, you will return to Deposit.');
});

test.describe('with the network refusing a chunk', () => {
  // A service worker that had installed meanwhile would answer the chunk from its cache.
  test.use({ serviceWorkers: 'block' });

  test('a failed page chunk shows tap-to-reload, and a tap loads it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('tabbar')).toBeVisible();
    const chunk = /\/assets\/search-[\w-]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.goto('/#/pages/search/index');
    const reload = page.getByTestId('tap-to-reload');
    await expect(reload).toHaveText('This page could not be loaded. Tap to reload.');
    await page.unroute(chunk);
    await reload.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  });
});
