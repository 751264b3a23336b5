import { expect, type Page, test } from '@playwright/test';

// The home page's first view (docs/web.md): the server draws the top bar and the banners into
// index.html, React replaces them with the same elements at the same place.

// These tests hold or refuse the app's scripts on their way from the network; a service worker
// that had installed meanwhile would answer them from its cache instead (docs/web.md,
// "Installable app").
test.use({ serviceWorkers: 'block' });

/** Holds the frame chunk back until `release()`, so the first view alone is on screen. */
async function holdFrame(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/frame-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box;
};

test('opening / shows the first banner before the JavaScript and in the same box after it', async ({ page }) => {
  const release = await holdFrame(page);
  await page.goto('/', { waitUntil: 'commit' });
  const drawn = page.locator('#first-view');
  await expect(drawn.locator('.banner-title').first()).toBeVisible();
  const title = await drawn.locator('.banner-title').first().textContent();
  const before = {
    bar: await boxOf(page, '#first-view .top-bar'),
    search: await boxOf(page, '#first-view .search-entry'),
    banner: await boxOf(page, '#first-view .banner'),
    title: await boxOf(page, '#first-view .banner-title'),
  };
  release();
  await expect(page.getByTestId('banner-swiper')).toBeVisible();
  await expect(drawn).toHaveCount(0);
  await expect(page.getByTestId('banner').first().locator('.banner-title')).toHaveText(title ?? '');
  expect({
    bar: await boxOf(page, '.top-bar'),
    search: await boxOf(page, '[data-testid="home-search"]'),
    banner: await boxOf(page, '[data-testid="banner"]'),
    title: await boxOf(page, '[data-testid="banner"] .banner-title'),
  }).toEqual(before);
});

test('opening another page directly never shows the home banner', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/#/pages/main/market/index');
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.locator('.banner')).toHaveCount(0);
  await page.unroute('**/*.js');
  await page.goto('/#/pages/search/index');
  await page.reload();
  await expect(page.getByTestId('search-input')).toBeVisible();
  await expect(page.locator('.banner')).toHaveCount(0);
});

test('the first view follows the stored theme and is dropped when the stored language differs', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('soar-theme', JSON.stringify({ state: { theme: 'dark' }, version: 0 }));
    localStorage.setItem('soar-language', JSON.stringify({ state: { language: 'de' }, version: 0 }));
  });
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  // No soar-lang cookie yet: the server drew English, the reader chose German.
  await expect(page.locator('#first-view')).toHaveCount(0);
  await page.unroute('**/*.js');
  await page.reload();
  await expect(page.getByTestId('banner-swiper')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Applying German wrote the cookie: the next visit is drawn in German, and React draws the same.
  const release = await holdFrame(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('#first-view')).toHaveAttribute('data-lang', 'de');
  const title = (await page.locator('#first-view .banner-title').first().textContent()) ?? '';
  expect(title).not.toBe('');
  release();
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.getByTestId('banner').first().locator('.banner-title')).toHaveText(title);
});
