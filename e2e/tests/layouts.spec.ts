import { expect, type Page, test } from '@playwright/test';

async function baseSetting(page: Page, setting: { msgType: string; whatsapp: string; custom: string }) {
  await page.route('**/api/v1/base/setting', (route) =>
    route.fulfill({ json: { code: 0, message: 'ok', data: { productName: 'Soar', ...setting } } }),
  );
}

test('the default layout tools open search, settings, the notice and support panels', async ({ page }) => {
  await page.goto('/#/pages/main/market/index');
  await page.getByTestId('nav-notice').click();
  // Notices are a member's own: a guest is asked to log in first (docs/identity.md).
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.goto('/#/pages/main/market/index');
  await page.getByTestId('nav-customer').click();
  await expect(page.getByRole('dialog', { name: 'Customer service' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-search').click();
  await expect(page).toHaveURL(/#\/pages\/search\/index$/);
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/#\/pages\/main\/market\/index$/);
  await page.getByTestId('nav-setting').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('customer service is a WhatsApp link when the base setting says so', async ({ page }) => {
  await baseSetting(page, { msgType: 'whatsapp', whatsapp: '+44 7700 900123', custom: '' });
  await page.goto('/#/pages/main/trade/index');
  await expect(page.getByTestId('nav-customer')).toHaveAttribute('href', 'https://wa.me/447700900123');
});

test('the custom script of the base setting loads from the server after start-up', async ({ page }) => {
  await baseSetting(page, { msgType: 'builtin', whatsapp: '', custom: 'window.soarCustom = 42;' });
  await page.route('**/api/v1/base/custom.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: 'window.soarCustom = 42;' }),
  );
  await page.goto('/#/pages/main/trade/index');
  await expect(page.locator('script[src="/api/v1/base/custom.js"]')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { soarCustom?: number }).soarCustom)).toBe(42);
});

test('no custom script is injected when the setting is empty', async ({ page }) => {
  await page.goto('/#/pages/main/trade/index');
  await expect(page.getByTestId('nav-customer')).toBeVisible();
  await expect(page.locator('script[src="/api/v1/base/custom.js"]')).toHaveCount(0);
});

test('the auth layout goes home without history and shows the picker and the logo', async ({ page }) => {
  await page.goto('/#/pages/auth/register');
  await expect(page.getByTestId('language-picker')).toBeVisible();
  await expect(page.locator('.logo-name')).toHaveText('Soar');
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/#\/$/);
});

test('the theme follows the system and can be set to dark in settings, kept after reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/#/pages/setting/index');
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'light');
  await page.getByTestId('theme-setting').getByText('Dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
});

test('a stored session with an unknown token does not break start-up; the 401 logs out', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'soar-session',
      JSON.stringify({ state: { token: 'stale', userInfo: {}, isLogined: true }, version: 0 }),
    ),
  );
  await page.route('**/api/v1/member/profile', (route) =>
    route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED', message: 'Please Login' } }),
  );
  await page.goto('/#/pages/main/profile/index');
  await expect(page).toHaveURL(/#\/pages\/auth\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('soar-session'))).toContain('"isLogined":false');
});

test('home and profile share one top bar: size, colours and logo, and it stays on screen', async ({ page }) => {
  const topBar = () =>
    page.locator('.top-bar:visible').evaluate((bar) => {
      const style = getComputedStyle(bar);
      const box = bar.getBoundingClientRect();
      return {
        top: box.top,
        height: box.height,
        background: style.backgroundColor,
        border: style.borderBottomColor,
        logo: bar.querySelector('.logo svg')?.getBoundingClientRect().width,
      };
    });
  await page.goto('/#/');
  await expect(page.getByTestId('home-search')).toBeVisible();
  const home = await topBar();
  await page.locator('.scroll-area:visible').evaluate((area) => area.scrollTo(0, 600));
  expect(await topBar()).toEqual(home);
  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('nav-setting')).toBeVisible();
  expect(await topBar()).toEqual(home);
});
