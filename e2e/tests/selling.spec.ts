import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call } from './api.ts';
import { investor, type Member, openSignedIn, payPassword } from './members.ts';

// Selling what you hold (docs/trading.md): Sell on a held stock closes it, opening a short is its
// own explained action, and the ticket never rewrites what was typed. One new member, in order.
test.describe.configure({ mode: 'default' });

let api: APIRequestContext;
let member: Member;
type Holdings = { list: { symbol: string; direction: string; quantity: number }[] };

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  member = await investor(api);
  await call(api, 'post', 'transfer/apply', member.token, { from: 'USDT', to: 'USD', amount: '4000', payPassword });
  await call(api, 'post', 'order/place', member.token, {
    symbol: 'AAPL',
    type: 'market',
    direction: 'buy',
    quantity: 3,
  });
});
test.afterAll(() => api.dispose());

test('Sell on a held stock closes part of it at the bid; what is typed stays typed and says why', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, member.token, '/pages/quote/stock?symbol=AAPL');
  await page.getByRole('button', { name: 'Sell', exact: true }).click({ timeout: 20_000 });
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByRole('heading', { name: 'Sell AAPL' })).toBeVisible();
  await expect(ticket.getByTestId('ticket-held')).toHaveText('You hold 3 shares');
  await expect(ticket.getByTestId('ticket-actions').getByRole('button')).toHaveText(['Buy', 'Sell', 'Sell short']);
  const review = ticket.getByRole('button', { name: 'Review order' });
  const quantity = ticket.locator('input[name=quantity]');
  const notWhole = 'Enter a whole number of shares in digits: no decimals, signs or exponents';
  for (const [typed, reason] of [
    ['2.5', notWhole],
    ['-3', notWhole],
    ['4', 'You hold 3 shares: sell at most that many'],
  ] as const) {
    await quantity.fill(typed);
    await expect(quantity).toHaveValue(typed);
    await expect(ticket.getByTestId('quantity-error')).toHaveText(reason);
    await expect(review).toBeDisabled();
  }
  await quantity.fill('2');
  await expect(ticket.getByTestId('close-proceeds')).toContainText('USD', { timeout: 15_000 });
  await expect(ticket.getByTestId('close-realised')).toHaveText(/^[+-][\d,]+\.\d{2} USD$/);
  await review.click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?/);
  const confirm = page.getByTestId('confirm-order');
  // The page is titled by the order.
  await expect(page.getByRole('heading', { level: 1, name: 'Sell AAPL' })).toBeVisible();
  await expect(confirm.getByTestId('close-fee')).toContainText('USD', { timeout: 15_000 });
  await confirm.getByRole('button', { name: 'Sell 2 shares' }).click();
  await expect(page.getByText(/^Done: 2 shares for [\d,]+\.\d{2} USD$/)).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/main\/trade\/index$/);
  await expect(page.getByTestId('position-card').filter({ hasText: 'AAPL' })).toContainText('1 sh');
  // The long was sold down: no short was opened beside it.
  const holdings = await call<Holdings>(api, 'get', 'order/holdings', member.token);
  expect(holdings.list.filter((item) => item.symbol === 'AAPL')).toEqual([
    expect.objectContaining({ direction: 'buy', quantity: 1 }),
  ]);
});

test('Sell on a stock not held is a Sell short, explained before it can be reviewed; an off-grid limit is refused (German)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSignedIn(page, member.token, '/pages/quote/stock?symbol=MSFT', 'de');
  await page.getByRole('button', { name: 'Verkaufen', exact: true }).click({ timeout: 20_000 });
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByRole('heading', { name: 'MSFT Leerverkauf' })).toBeVisible();
  await expect(ticket.getByTestId('ticket-actions').getByRole('button')).toHaveText(['Kaufen', 'Leerverkauf']);
  const review = ticket.getByRole('button', { name: 'Auftrag prüfen' });
  await expect(ticket.getByTestId('preview-total')).toContainText('USD', { timeout: 15_000 });
  await expect(ticket.getByTestId('short-explain')).toContainText('Sicherheit');
  await expect(review).toBeDisabled();
  await ticket.getByRole('button', { name: 'Verstanden' }).click();
  await expect(ticket.getByTestId('short-note')).toContainText('automatisch geschlossen');
  await expect(review).toBeEnabled();

  await ticket.getByRole('button', { name: 'Limit', exact: true }).click();
  const limit = ticket.locator('input[name=limitPrice]');
  await expect(limit).toHaveAttribute('placeholder', 'Preis eingeben');
  await limit.fill('0.001');
  await expect(limit).toHaveValue('0.001');
  await expect(ticket.getByTestId('order-preview')).toContainText('Vielfaches von 0.01 USD', { timeout: 15_000 });
  await expect(review).toBeDisabled();
  await limit.fill('1e9');
  await expect(ticket.getByText('Geben Sie einen Preis über 0 in Ziffern ein')).toBeVisible();
  // Explained once: the next short needs no second explanation.
  await page.reload();
  await page.getByRole('button', { name: 'Verkaufen', exact: true }).click({ timeout: 20_000 });
  await expect(page.getByTestId('order-ticket').getByTestId('short-explain')).toHaveCount(0);
});
