import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { call } from './api.ts';
import { investor, openSignedIn, payPassword } from './members.ts';

// In order: one new member (so the demo member's balances stay as the other specs expect) buys,
// protects, partly closes, then places, amends and cancels a limit order. The e2e server runs in
// development, where MARKETS_ALWAYS_OPEN lets every market trade around the clock and the
// simulator ticks (docs/market.md), so market orders fill at once and P/L moves live.
test.describe.configure({ mode: 'default' });

let api: APIRequestContext;
let member: string;

/** A displayed price or amount ("1,234.56 USD", "+3.10 USD") as a number, for picking prices away from the market. */
async function numberIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}

async function placeFromStockPage(page: Page, fill: (ticket: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Buy', exact: true }).click({ timeout: 20_000 });
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByTestId('session-line')).toHaveAttribute('data-state', 'open');
  await fill(ticket);
  await expect(ticket.getByTestId('preview-total')).toContainText('USD', { timeout: 15_000 });
  await ticket.getByRole('button', { name: 'Review order' }).click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?/);
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm.getByTestId('preview-total')).toContainText('USD', { timeout: 15_000 });
  await confirm.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/#\/pages\/main\/trade\/index$/);
}

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  // 5,000 USDT deposited, 4,000 of it changed into USD.
  member = (await investor(api)).token;
  await call(api, 'post', 'transfer/apply', member, { from: 'USDT', to: 'USD', amount: '4000', payPassword });
});
test.afterAll(() => api.dispose());

test('a market buy from the stock page: live P/L, take profit, partial close, realised P/L in the closed tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, member, '/pages/quote/stock?symbol=AAPL');
  await placeFromStockPage(page, async (ticket) => {
    await ticket.locator('input[name=quantity]').fill('5');
    await expect(ticket.getByTestId('preview-funds')).toContainText('USD');
  });
  await expect(page.getByText(/^Filled at /)).toBeVisible();

  const card = page.getByTestId('position-card').filter({ hasText: 'AAPL' });
  await expect(card).toContainText('5 sh');
  await expect(page.getByTestId('pnl-total')).toContainText('USD');
  // Live: the P/L follows the ticks of AAPL (one about every 2 s) without a reload.
  const first = await card.getByTestId('position-pnl').textContent();
  await expect.poll(() => card.getByTestId('position-pnl').textContent(), { timeout: 30_000 }).not.toBe(first);

  // Take profit far above the market, so it does not fire during the test.
  await card.click();
  const sheet = page.getByTestId('position-sheet');
  const mark = await numberIn(card.getByTestId('position-mark'));
  const takeProfit = (mark * 1.5).toFixed(2);
  await sheet.getByTestId('protection-form').locator('input[name=takeProfit]').fill(takeProfit);
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(card.getByTestId('position-take-profit')).toHaveText(
    new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(Number(takeProfit)),
  );

  // Close 2 of the 5 shares.
  const close = sheet.getByTestId('close-form');
  await close.getByRole('button', { name: 'Close part' }).click();
  await close.locator('input[name=closeQuantity]').fill('2');
  await close.getByRole('button', { name: 'Sell 2 shares' }).click();
  await page.locator('.modal').getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(page.getByText('Closed 2 shares')).toBeVisible();
  await expect(card).toContainText('3 sh');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'My closing positions' }).click();
  const closed = page.getByTestId('closed-card').filter({ hasText: 'AAPL' }).first();
  await expect(closed.getByTestId('closed-quantity')).toHaveText('2');
  await expect(closed.getByTestId('closed-pnl')).toHaveText(/^[+-]?[\d,]+\.\d{2} USD$/);
  await expect(closed).toContainText('Closed by you');
  await expect(closed).toContainText('Why this price');
});

test('a limit order far from the market waits, is amended and cancelled', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, member, '/pages/quote/stock?symbol=MSFT');
  await expect(page.getByTestId('quote-price')).toBeVisible({ timeout: 20_000 });
  const price = await numberIn(page.getByTestId('quote-price'));
  const limit = (price * 0.5).toFixed(2);
  await placeFromStockPage(page, async (ticket) => {
    await ticket.getByRole('button', { name: 'Limit', exact: true }).click();
    await ticket.locator('input[name=limitPrice]').fill(limit);
    await ticket.getByRole('button', { name: 'Good till cancelled' }).click();
  });
  await expect(page.getByText('Your order waits for its price')).toBeVisible();

  const order = page.getByTestId('pending-order').filter({ hasText: 'MSFT' });
  await expect(order.getByTestId('order-waiting')).toHaveText('Waiting');
  await order.click();
  const sheet = page.getByTestId('order-sheet');
  await sheet.getByRole('button', { name: 'Amend' }).click();
  const amended = (price * 0.4).toFixed(2);
  await sheet.locator('input[name=limitPrice]').fill(amended);
  await sheet.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Order amended')).toBeVisible();
  const shown = new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(Number(amended));
  await expect(sheet.getByTestId('order-limit-price')).toHaveText(shown);
  await expect(order.getByTestId('order-price')).toHaveText(shown);

  await sheet.getByRole('button', { name: 'Cancel order' }).click();
  await page.locator('.modal').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(page.getByTestId('order-sheet')).toHaveCount(0);
  await expect(page.getByTestId('pending-order').filter({ hasText: 'MSFT' })).toHaveCount(0);
});
