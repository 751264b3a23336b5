import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { call } from './api.ts';
import { investor, type Member, openSignedIn, payPassword, registerMember } from './members.ts';

// Price alerts (docs/product.md, Alerts): a new member sets alerts from the quote page and the
// position sheet, sees them on the alerts page and in the inbox once one fires. The e2e server runs
// the simulator with real ticks (AAPL trades about every 2 s, a few cents a move) and there is no
// way to set a price: the test sets "rises to" and "falls to" a few cents either side of the price
// and waits for whichever the walk reaches first.
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(tags);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** The number in "Now 190.23 USD". */
async function priceNow(sheet: Locator): Promise<number> {
  const text = (await sheet.getByTestId('alert-now').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

/**
 * Sets an alert of `kind` `cents` from the price now. The price may move past the level between
 * reading it and saving: the server then refuses it (ALERT_ALREADY_MET) under the field, and the
 * test reads the price again.
 */
async function setNear(sheet: Locator, kind: 'Price rises to' | 'Price falls to', cents: number): Promise<string> {
  await sheet.getByRole('button', { name: kind, exact: true }).click();
  const value = sheet.getByLabel('Price (USD)');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const now = await priceNow(sheet);
    const level = (kind === 'Price rises to' ? now + cents / 100 : now - cents / 100).toFixed(2);
    await value.fill(level);
    await expect(sheet.getByTestId('alert-fires-at')).toHaveText(`Fires at ${level} USD`);
    const before = await sheet.getByTestId('alert-card').count();
    await sheet.getByRole('button', { name: 'Set alert', exact: true }).click();
    const listed = sheet.getByTestId('alert-card').nth(before);
    const refused = sheet.getByTestId('alert-value-error');
    await expect(listed.or(refused)).toBeVisible({ timeout: 10_000 });
    if (await listed.isVisible()) return level;
    await expect(refused).toContainText('The price is there already');
  }
  throw new Error(`the price kept moving past every ${kind} level`);
}

test('a guest tapping the bell is asked to sign in first and comes back to the quote', async ({ page }) => {
  await page.goto('/#/pages/quote/stock?symbol=AAPL');
  await page.getByRole('button', { name: 'Alerts for AAPL' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=%2Fpages%2Fquote%2Fstock%3Fsymbol%3DAAPL$/);
});

test('alerts set on the quote page are listed, one fires, the inbox links to the quote, the history keeps it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const member: Member = await registerMember(api);
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
  await openSignedIn(page, member.token, '/pages/quote/stock?symbol=AAPL');
  await page.getByRole('button', { name: 'Alerts for AAPL' }).click({ timeout: 20_000 });
  const sheet = page.getByTestId('alert-sheet');
  await expect(sheet.getByRole('heading', { name: 'Alerts for AAPL' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Price rises to' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sheet.getByTestId('alert-now')).toHaveText(/^Now [\d,]+\.\d{2} USD$/, { timeout: 15_000 });
  // The position kinds belong to a position, not to a quote.
  await expect(sheet.getByRole('button', { name: 'P/L reaches a percentage' })).toHaveCount(0);

  // What is typed stays typed: a value that is not a price says why after Set alert, and follows each change.
  const value = sheet.getByLabel('Price (USD)');
  await value.fill('1e3');
  await sheet.getByRole('button', { name: 'Set alert', exact: true }).click();
  await expect(sheet.getByTestId('alert-value-error')).toHaveText('Price (USD) must be a decimal number');
  await expect(value).toHaveValue('1e3');
  await value.fill('0');
  await expect(sheet.getByTestId('alert-value-error')).toHaveText(
    'Enter a value from 0.00000001 to 999999999999, with at most 8 decimals',
  );
  expect(await seriousViolations(page, '[data-testid="alert-sheet"]')).toEqual([]);

  // Every time, at most once an hour: the cool-down choices show with it.
  await sheet.getByRole('button', { name: 'Every time', exact: true }).click();
  await expect(sheet.getByTestId('alert-cooldowns').getByRole('button')).toHaveText([
    '15 minutes',
    'hour',
    '4 hours',
    'day',
  ]);
  await expect(sheet.getByRole('button', { name: 'hour', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await sheet.getByRole('button', { name: 'Once', exact: true }).click();

  const above = await setNear(sheet, 'Price rises to', 5);
  const below = await setNear(sheet, 'Price falls to', 5);
  const cards = sheet.getByTestId('alert-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `AAPL at or above ${above} USD` })).toContainText(`Fires at ${above} USD`);
  await expect(cards.filter({ hasText: `AAPL at or below ${below} USD` })).toContainText('Once');
  await sheet.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(sheet).toHaveCount(0);

  // The alerts page, from the profile.
  await page.goto('/#/pages/main/profile/index');
  await page.getByTestId('menu-pages.profile.alerts').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Price alerts' })).toBeVisible();
  const list = page.getByTestId('alert-list');
  await expect(list.getByTestId('alert-card')).toHaveCount(2);
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);

  // Whichever level the walk reaches first fires: the open app shows its notice as it arrives,
  // and its card ends as fired, live (the notice topic).
  await expect(page.getByTestId('live-notice')).toContainText(/AAPL (reached|fell to)/, { timeout: 120_000 });
  const fired = list.locator('[data-testid="alert-card"][data-status="ended"]');
  await expect(fired).toHaveCount(1, { timeout: 120_000 });
  await expect(fired).toContainText('Fired once');
  await expect(fired.getByTestId('alert-status')).toHaveText('Fired');
  await expect(page.getByTestId('alert-count')).toHaveText('1 of 100 active');

  // The other one: paused by its switch, then deleted after a confirmation.
  const other = list.locator('[data-testid="alert-card"][data-status="active"]');
  await other.getByRole('switch', { name: 'Active' }).click();
  await expect(list.locator('[data-testid="alert-card"][data-status="paused"]')).toHaveCount(1);
  const paused = list.locator('[data-testid="alert-card"][data-status="paused"]');
  await paused.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByTestId('alert-card')).toHaveCount(1);

  // The history keeps what fired.
  await page.getByRole('tab', { name: 'History' }).click();
  const event = page.getByTestId('alert-event');
  await expect(event).toHaveCount(1);
  await expect(event).toContainText(/AAPL at or (above|below) [\d.]+ USD/);
  await expect(event).toContainText(/[\d.]+ USD at /);

  // The notice in the inbox opens the quote it tells of (the profile tab, kept behind, has its own bell).
  await page.getByTestId('nav-notice').filter({ visible: true }).click();
  const notice = page
    .getByTestId('inbox')
    .getByTestId('notice-item')
    .filter({ hasText: /AAPL (reached|fell to)/ });
  await expect(notice).toHaveAttribute('data-quote', 'AAPL');
  await expect(notice).toContainText('Open quote');
  await notice.click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?symbol=AAPL$/);
  await expect(page.getByTestId('inbox')).toHaveCount(0);
  await expect(page.getByTestId('quote-header')).toContainText('AAPL');
  const unread = await call<{ count: number }>(api, 'get', 'notice/unread', member.token);
  expect(unread.count).toBe(0);
});

test('Set alert on a position offers its P/L and its stop loss, and shows the level it fires at', async ({ page }) => {
  test.setTimeout(120_000);
  const member = await investor(api);
  await call(api, 'post', 'transfer/apply', member.token, { from: 'USDT', to: 'USD', amount: '2000', payPassword });
  const quote = await call<{ price: string }>(api, 'get', 'market/quote/detail?symbol=AAPL', '');
  const stopLoss = (Number(quote.price) * 0.8).toFixed(2);
  await call(api, 'post', 'order/place', member.token, {
    symbol: 'AAPL',
    type: 'market',
    direction: 'buy',
    quantity: 2,
    stopLoss,
  });
  await openSignedIn(page, member.token, '/pages/main/trade/index');
  await page.getByTestId('position-card').filter({ hasText: 'AAPL' }).click({ timeout: 20_000 });
  await page.getByTestId('position-set-alert').click();
  const sheet = page.getByTestId('alert-sheet');
  await expect(sheet.getByTestId('alert-kinds').getByRole('button')).toHaveText([
    'P/L reaches a percentage',
    'P/L reaches an amount',
    'Price nears my stop loss',
  ]);
  await expect(sheet.getByText('A loss is below 0: -5 is down 5 %.')).toBeVisible();
  await sheet.getByLabel('Percent').fill('-50');
  await expect(sheet.getByTestId('alert-fires-at')).toHaveText(/^Fires at [\d,]+\.\d{2,8} USD$/);
  await sheet.getByRole('button', { name: 'Price nears my stop loss' }).click();
  await expect(sheet.getByText(`Stop loss ${stopLoss} USD`)).toBeVisible();
  await sheet.getByLabel('Distance to the stop loss in %').fill('2');
  // 2 % above a long's stop, exactly: in ten-thousandths, shown to the cent and further where it has digits.
  const units = Math.round(Number(stopLoss) * 100) * 102;
  const fraction = String(units % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  const level = `${Math.floor(units / 10_000).toLocaleString('en')}.${fraction}`;
  await expect(sheet.getByTestId('alert-fires-at')).toHaveText(`Fires at ${level} USD`);
  await sheet.getByRole('button', { name: 'Set alert', exact: true }).click();
  const card = sheet.getByTestId('alert-card');
  await expect(card).toContainText('AAPL within 2 % of my stop loss');
  await expect(card.getByTestId('alert-level')).toContainText('Fires at');
  // Closing the alert sheet comes back to the position.
  await sheet.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(page.getByTestId('position-sheet')).toBeVisible();
});
