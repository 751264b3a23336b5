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

const ranges = [
  {
    lang: 'en',
    labels: { bid: 'Bid', ask: 'Ask', yearHigh: '52-wk high', yearLow: '52-wk low' },
    tabs: ['1W', '1M', '1Y', '5Y'],
  },
  {
    lang: 'ja',
    labels: { bid: '買気配', ask: '売気配', yearHigh: '52週高値', yearLow: '52週安値' },
    tabs: ['1週間', '1カ月', '1年', '5年'],
  },
] as const;

for (const { lang, labels, tabs } of ranges) {
  test(`a stock page shows bid, ask and the 52-week range, and draws 1W to 5Y from daily bars (${lang})`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.addInitScript(
      (language) => localStorage.setItem('soar-language', JSON.stringify({ state: { language }, version: 0 })),
      lang,
    );
    const daily: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/market/kline/daily')) daily.push(url.searchParams.get('range') ?? '');
    });
    await page.goto('/#/pages/quote/stock?symbol=9432.T');
    const fields = page.getByTestId('quote-fields');
    for (const [key, label] of Object.entries(labels)) {
      const field = fields.locator(`[data-field="${key}"]`);
      await expect(field).toContainText(label);
      // NTT trades in 0.1 yen steps: one decimal, no currency cents.
      await expect(field.locator('dd')).toHaveText(/^\d{2,3}\.\d$/, { timeout: 15_000 });
    }
    const bid = Number(await fields.locator('[data-field="bid"] dd').textContent());
    const ask = Number(await fields.locator('[data-field="ask"] dd').textContent());
    expect(bid).toBeLessThan(ask);
    const low = Number(await fields.locator('[data-field="yearLow"] dd').textContent());
    const high = Number(await fields.locator('[data-field="yearHigh"] dd').textContent());
    expect(low).toBeLessThan(high);
    expect(daily).toContain('1Y');

    await expect(chart(page)).not.toHaveAttribute('data-bars', '0', { timeout: 15_000 });
    const counts: number[] = [];
    for (const [index, range] of (['1W', '1M', '1Y', '5Y'] as const).entries()) {
      // 1Y was read for the 52-week range and is drawn from the cache; the others are asked for.
      const answer =
        range === '1Y'
          ? undefined
          : page.waitForResponse((response) =>
              response.url().includes(`/market/kline/daily?symbol=9432.T&range=${range}`),
            );
      await page.getByRole('tab', { name: tabs[index], exact: true }).click();
      if (answer) expect((await answer).status()).toBe(200);
      await expect(chart(page)).toHaveAttribute('data-mode', range, { timeout: 15_000 });
      await expect(page.getByRole('tab', { name: tabs[index], exact: true })).toHaveAttribute('aria-selected', 'true');
      counts.push(Number(await chart(page).getAttribute('data-bars')));
    }
    // A week, a month, a year and five years of trading days, each range longer than the one before.
    expect(counts[0]).toBeGreaterThanOrEqual(4);
    expect(counts[0]).toBeLessThanOrEqual(8);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1] as number);
    expect(counts[3]).toBeGreaterThan(1200);
    expect(daily).toEqual(expect.arrayContaining(['1W', '1M', '1Y', '5Y']));
    expect(errors).toEqual([]);
  });
}

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
