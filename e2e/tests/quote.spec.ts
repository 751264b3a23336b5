import { expect, type Page, test } from '@playwright/test';
import { demoSession } from './routes.ts';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const chart = (page: Page) => page.getByTestId('kline-chart');

test('a stock page draws live candles, switches interval and shows the quote fields', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/#/pages/quote/stock?symbol=AAPL');
  await expect(page.getByTestId('quote-header')).toContainText('AAPL');
  await expect(page.getByTestId('quote-fields')).toContainText('Prev. close');
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0', { timeout: 15_000 });
  await expect(chart(page).locator('canvas').first()).toBeVisible();

  const price = page.getByTestId('quote-price');
  const first = await price.textContent();
  await expect(price).not.toHaveText(first ?? '', { timeout: 20_000 });

  await page.getByRole('tab', { name: '1D' }).click();
  await expect(chart(page)).toHaveAttribute('data-mode', /1d/i, { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Intraday' }).click();
  await expect(chart(page)).toHaveAttribute('data-mode', /intraday|line/i, { timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('global indices open an index detail with its chart, and the overview shows every index', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/#/pages/quote/globalindex');
  await expect(page.getByTestId('index-row').first()).toBeVisible();
  expect(await page.getByTestId('index-row').count()).toBeGreaterThanOrEqual(12);
  await page.getByTestId('index-row').filter({ hasText: 'S&P 500' }).click();
  await expect(page).toHaveURL(/pages\/quote\/in\?symbol=/);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0', { timeout: 15_000 });

  await page.goto('/#/pages/quote/gin');
  await expect(page.getByTestId('index-card').first()).toBeVisible();
  expect(await page.getByTestId('index-card').count()).toBeGreaterThanOrEqual(12);
  expect(errors).toEqual([]);
});

test('an unknown symbol says so and offers a way back', async ({ page }) => {
  await page.goto('/#/pages/quote/stock?symbol=NOPE.XX');
  await expect(page.getByTestId('symbol-not-found')).toBeVisible();
});

test('a member stars a stock and finds it in the watchlist', async ({ page, request }) => {
  const session = await demoSession(request);
  await page.addInitScript((stored) => localStorage.setItem('soar-session', stored), session);
  const token = (JSON.parse(session) as { state: { token: string } }).state.token;
  const headers = { authorization: `Bearer ${token}` };
  await request.post('/api/v1/watchlist/remove', { headers, data: { symbols: ['MSFT'] } });

  await page.goto('/#/pages/quote/stock?symbol=MSFT');
  await expect(page.getByTestId('quote-header')).toContainText('MSFT');
  await page.getByTestId('watch-star').click();
  await expect
    .poll(async () => {
      const list = await (await request.get('/api/v1/watchlist/list', { headers })).json();
      return JSON.stringify(list.data);
    })
    .toContain('MSFT');
  await request.post('/api/v1/watchlist/remove', { headers, data: { symbols: ['MSFT'] } });
});
