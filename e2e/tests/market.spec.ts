import { expect, type Locator, type Page, test } from '@playwright/test';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The page on screen (kept-alive tab pages stay in the DOM, hidden). */
const onScreen = (page: Page) => page.locator('.page-host:not([hidden])');

async function prices(rows: Locator): Promise<string[]> {
  return rows
    .getByTestId('quote-price')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-value') ?? ''));
}

test('home shows its banners, live index strip, shortcuts, news, stocks, funds and quick access', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
  await expect(page.getByTestId('banner').first()).toBeVisible();
  await expect(page.getByTestId('index-card').first()).toBeVisible();
  expect(await page.getByTestId('index-card').count()).toBeGreaterThan(3);
  const grid = page.getByTestId('home-grid');
  for (const name of ['Loan', 'Deposit', 'Withdraw', 'Block trade', 'IPO', 'Quant', 'Support']) {
    await expect(grid.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('home-news').getByTestId('news-row')).toHaveCount(5);
  await expect(page.getByTestId('home-stocks').getByTestId('quote-row').first()).toBeVisible();
  // The funds on sale (the demo data has several), each opening the fund offer.
  await expect(page.getByTestId('home-fund-list').getByRole('button').first()).toContainText('daily profit range');
  await expect(page.getByTestId('home-quick').getByRole('button')).toHaveText([
    'Markets',
    'Watchlists',
    'Global indices',
    'Popular stocks',
  ]);
  await page.getByTestId('home-support').click();
  await expect(page.getByTestId('support-sheet')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('index-card').first().click();
  await expect(page).toHaveURL(/#\/pages\/quote\/in\?symbol=/);
  expect(errors).toEqual([]);
});

test('a news item opens from home with its body, language and related symbols', async ({ page }) => {
  await page.goto('/');
  const first = page.getByTestId('home-news').getByTestId('news-row').first();
  const title = (await first.getByTestId('news-title').textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/#\/pages\/news\/detail\?id=\d+/);
  const article = page.getByTestId('news-article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('news-language')).toHaveText('Language: English');
  expect(await article.getByTestId('article-body').locator('p').count()).toBeGreaterThan(0);
  await page.goto('/#/pages/news/detail?id=999999');
  await expect(page.getByTestId('news-not-found')).toContainText('does not exist');
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/#\/$/);
});

test('a price on the markets tab changes within a few seconds', async ({ page }) => {
  await page.goto('/#/pages/main/market/index');
  const rows = onScreen(page).getByTestId('quote-row');
  await expect(rows.first()).toBeVisible();
  const before = await prices(rows);
  await expect
    .poll(async () => (await prices(rows)).some((price, index) => price !== before[index]), { timeout: 15_000 })
    .toBe(true);
});

test('gainers and losers are sorted by change, and the list loads a second page at its end', async ({ page }) => {
  await page.goto('/#/pages/main/market/index');
  const screen = onScreen(page);
  const changes = () =>
    screen
      .getByTestId('quote-change')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-value'))));
  await screen.getByTestId('tab-gainers').click();
  await expect(screen.getByTestId('quote-list')).toHaveAttribute('data-tab', 'gainers');
  await expect(screen.getByTestId('quote-row').first()).toBeVisible();
  const gainers = await changes();
  expect(gainers.length).toBeGreaterThan(5);
  // Prices move while the list shows, so compare the served order loosely: first above last.
  expect(gainers[0]).toBeGreaterThanOrEqual(gainers.at(-1) ?? 0);
  await screen.getByTestId('tab-losers').click();
  await expect(screen.getByTestId('quote-list')).toHaveAttribute('data-tab', 'losers');
  await expect(screen.getByTestId('quote-row').first()).toBeVisible();
  const losers = await changes();
  expect(losers[0]).toBeLessThanOrEqual(losers.at(-1) ?? 0);
  expect(losers[0]).toBeLessThan(gainers[0] ?? 0);

  const rows = screen.getByTestId('quote-row');
  const firstPage = await rows.count();
  expect(firstPage).toBe(20);
  await screen.getByTestId('scroll-area').evaluate((area) => {
    area.scrollTop = area.scrollHeight;
    area.dispatchEvent(new Event('scroll'));
  });
  await expect.poll(() => rows.count()).toBeGreaterThan(firstPage);
});

test('search finds apple and an accented name typed without accents, and keeps recent searches', async ({ page }) => {
  await page.goto('/#/pages/search/index');
  const input = page.getByTestId('search-input').locator('input');
  await input.fill('apple');
  await expect(page.getByTestId('search-stocks').locator('[data-symbol="AAPL"]')).toBeVisible();
  await expect(page.getByTestId('search-news').getByTestId('news-row').first()).toContainText(/Apple/);
  await input.press('Enter');
  await input.fill('borse');
  await expect(page.getByTestId('search-stocks')).toContainText('Deutsche Börse');
  await input.press('Enter');
  await input.fill('');
  await expect(page.getByTestId('recent-item')).toHaveText(['borse', 'apple']);
  await page.reload();
  await expect(page.getByTestId('recent-item')).toHaveText(['borse', 'apple']);
  await page.getByTestId('recent-clear').click();
  await expect(page.getByTestId('recent-item')).toHaveCount(0);
});

test('a guest on the watchlists tab is asked to log in', async ({ page }) => {
  await page.goto('/#/pages/main/watchlist/index');
  await expect(page.getByTestId('watchlist-guest')).toContainText('Log in to see your watchlist');
  await page.getByTestId('watchlist-login').click();
  await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=%2Fpages%2Fmain%2Fwatchlist%2Findex/);
});

test('a member adds stocks from search, sees them live, reorders and removes them', async ({ page, request }) => {
  test.setTimeout(60_000);
  const login = await request.post('/api/v1/member/login', { data: { mail: 'demo@soar.local', password: 'demo1234' } });
  expect(login.ok()).toBe(true);
  const { data } = (await login.json()) as { data: { token: string } };
  const session = JSON.stringify({ state: { token: data.token, userInfo: {}, isLogined: true }, version: 0 });
  await page.addInitScript((value) => localStorage.setItem('soar-session', value), session);
  const headers = { authorization: `Bearer ${data.token}` };
  const watched = async () => {
    const answer = await request.get('/api/v1/watchlist/list', { headers });
    return ((await answer.json()) as { data: { symbol: string }[] }).data.map((quote) => quote.symbol);
  };
  const existing = await watched();
  if (existing.length) await request.post('/api/v1/watchlist/remove', { headers, data: { symbols: existing } });

  await page.goto('/#/pages/search/index');
  const input = page.getByTestId('search-input').locator('input');
  const additions: [string, string][] = [
    ['apple', 'AAPL'],
    ['tesla', 'TSLA'],
  ];
  for (const [text, symbol] of additions) {
    await input.fill(text);
    const star = page.getByTestId(`star-${symbol}`);
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
  }
  expect(await watched()).toEqual(['AAPL', 'TSLA']);

  await page.goto('/#/pages/main/watchlist/index');
  const list = onScreen(page).getByTestId('watchlist');
  await expect(list.getByTestId('quote-row')).toHaveCount(2);
  await expect(list.getByTestId('quote-symbol')).toHaveText(['AAPL', 'TSLA']);

  await onScreen(page).getByTestId('watchlist-manage').click();
  await expect(page).toHaveURL(/#\/pages\/main\/watchlist\/manage$/);
  const rows = page.getByTestId('manage-row');
  await expect(rows.getByTestId('quote-symbol')).toHaveText(['AAPL', 'TSLA']);
  const handle = page.getByTestId('drag-AAPL');
  const box = await handle.boundingBox();
  if (!box) throw new Error('no drag handle');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 1.2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 2.5, { steps: 5 });
  await page.mouse.up();
  await expect(rows.getByTestId('quote-symbol')).toHaveText(['TSLA', 'AAPL']);
  await expect.poll(watched).toEqual(['TSLA', 'AAPL']);

  await page.getByTestId('check-AAPL').click();
  await page.getByTestId('manage-remove').click();
  await page.locator('.modal-confirm').click();
  await expect(rows.getByTestId('quote-symbol')).toHaveText(['TSLA']);
  expect(await watched()).toEqual(['TSLA']);
  await request.post('/api/v1/watchlist/remove', { headers, data: { symbols: ['TSLA'] } });
});

test('the popular page lists live quotes', async ({ page }) => {
  await page.goto('/#/pages/product/popular');
  await expect(page.getByTestId('quote-row')).toHaveCount(12);
  await expect(page.locator('[data-symbol="AAPL"]')).toBeVisible();
});

type Envelope<T> = { data: T };
type Status = { key: string; state: string; alwaysOpen: boolean };

/** Each row's state line is its own market's (a stock its market's, an index its own), inside the row. */
async function expectRowStates(rows: Locator, keyOf: (symbol: string) => string | Promise<string>, statuses: Status[]) {
  await expect(rows.first().getByTestId('market-state')).toBeVisible();
  const seen = await rows.evaluateAll((items) =>
    items.map((row) => {
      const state = row.querySelector<HTMLElement>('[data-testid="market-state"]');
      const [rowBox, stateBox] = [row.getBoundingClientRect(), state?.getBoundingClientRect()];
      return {
        symbol: row.getAttribute('data-symbol') ?? '',
        state: state?.dataset.state,
        text: state?.textContent ?? '',
        inside: stateBox !== undefined && stateBox.right <= rowBox.right && stateBox.height < 20,
      };
    }),
  );
  expect(seen.length).toBeGreaterThan(0);
  for (const row of seen) {
    const key = await keyOf(row.symbol);
    const status = statuses.find((item) => item.key === key);
    expect(status, row.symbol).toBeDefined();
    expect(row, row.symbol).toMatchObject({ state: status?.state, inside: true });
    expect(row.text, row.symbol).toMatch(status?.alwaysOpen ? /^Open$/ : /^(Open until|Lunch break|Closed)/);
  }
}

test('popular stocks and global indices say per row whether their market is open', async ({ page, request }) => {
  const statuses = ((await (await request.get('/api/v1/market/status/list')).json()) as Envelope<Status[]>).data;
  // Popular is ranked by live activity, so its members may change between two reads: ask each row's market.
  const marketOf = async (symbol: string) =>
    (
      (await (
        await request.get(`/api/v1/market/quote/detail?symbol=${encodeURIComponent(symbol)}`)
      ).json()) as Envelope<{ market: string }>
    ).data.market;

  await page.goto('/#/pages/product/popular');
  await expect(page.getByTestId('quote-row')).toHaveCount(12);
  await expectRowStates(page.getByTestId('quote-row'), marketOf, statuses);

  await page.goto('/#/pages/quote/globalindex');
  await expect(page.getByTestId('index-row').first()).toBeVisible();
  await expectRowStates(page.getByTestId('index-row'), (symbol) => symbol, statuses);
});
