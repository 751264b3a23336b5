import { expect, test } from '@playwright/test';

test('the language picker lists the server languages and switches the interface', async ({ page }) => {
  await page.goto('/#/pages/main/market/index');
  await page.getByTestId('language-picker').click();
  await expect(page.getByTestId('language-sheet').getByRole('button', { pressed: true })).toHaveText('English');
  for (const key of ['en', 'de', 'es', 'fr', 'it', 'ja', 'zh-CN']) {
    await expect(page.getByTestId(`language-option-${key}`)).toBeVisible();
  }
  await expect(page.getByTestId('language-option-de').locator('img')).toHaveAttribute('src', '/static/flags/de.svg');
  await page.getByTestId('language-option-de').click();
  await expect(page.getByTestId('tab-markets')).toHaveText('Märkte');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the chosen language survives a reload and goes out as x-soar-lang', async ({ page }) => {
  await page.goto('/#/pages/main/watchlist/index');
  await page.getByTestId('language-picker').click();
  await page.getByTestId('language-option-ja').click();
  await expect(page.getByTestId('tab-watchlists')).toHaveText('ウォッチリスト');

  const settingsCall = page.waitForRequest((request) => request.url().endsWith('/api/v1/base/setting'));
  await page.reload();
  const request = await settingsCall;
  expect(request.headers()['x-soar-lang']).toBe('ja');
  expect(request.headers().platform).toBe('h5');
  await expect(page.getByTestId('tab-watchlists')).toHaveText('ウォッチリスト');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ウォッチリスト');
});
