import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { call } from './api.ts';
import { investor, openSignedIn, payPassword } from './members.ts';

// One new member with a filled market buy and a cancelled limit buy of AAPL, placed through the
// API; the pages must show both in the Trade tab's order history, and a trading transaction must
// open its order (docs/trading.md, Order history).
test.describe.configure({ mode: 'default' });

type Order = { id: number; fillPrice: string | null };
let api: APIRequestContext;
let member: string;
let filled: Order;
let cancelled: Order;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  member = (await investor(api)).token;
  await call(api, 'post', 'transfer/apply', member, { from: 'USDT', to: 'USD', amount: '4000', payPassword });
  filled = await call<Order>(api, 'post', 'order/place', member, {
    symbol: 'AAPL',
    type: 'market',
    direction: 'buy',
    quantity: 1,
  });
  // Half the market: it waits, and is then cancelled.
  const limitPrice = (Number(filled.fillPrice) / 2).toFixed(2);
  cancelled = await call<Order>(api, 'post', 'order/place', member, {
    symbol: 'AAPL',
    type: 'limit',
    direction: 'buy',
    quantity: 1,
    limitPrice,
  });
  await call(api, 'post', 'order/cancel', member, { id: cancelled.id });
});
test.afterAll(() => api.dispose());

const texts = {
  en: { tab: 'Order history', filled: 'Filled', cancelled: 'Cancelled', trading: 'Trading', order: 'View order' },
  de: { tab: 'Orderverlauf', filled: 'Ausgeführt', cancelled: 'Storniert', trading: 'Handel', order: 'ansehen' },
} as const;

async function historyTab(page: Page, lang: keyof typeof texts) {
  await openSignedIn(page, member, '/pages/main/trade/index', lang);
  await page.getByRole('tab', { name: texts[lang].tab }).click();
  return page.getByTestId('history-list');
}

for (const lang of ['en', 'de'] as const) {
  test(`the order history lists a filled and a cancelled order, filtered by status (${lang})`, async ({ page }) => {
    const list = await historyTab(page, lang);
    const filledCard = list.locator(`[data-order="${filled.id}"]`);
    const cancelledCard = list.locator(`[data-order="${cancelled.id}"]`);
    await expect(filledCard).toHaveAttribute('data-status', 'filled');
    await expect(filledCard.getByTestId('history-status-tag')).toHaveText(texts[lang].filled);
    await expect(filledCard.getByTestId('history-fill-reason')).toBeVisible();
    await expect(filledCard.getByTestId('history-move')).toHaveCount(1);
    await expect(filledCard.getByTestId('history-move')).toContainText('USD');
    await expect(cancelledCard.getByTestId('history-status-tag')).toHaveText(texts[lang].cancelled);
    // Frozen when placed, released when cancelled: two lines each.
    await expect(cancelledCard.getByTestId('history-move')).toHaveCount(4);

    await page.getByTestId('history-status').selectOption('cancelled');
    await expect(list.getByTestId('history-card')).toHaveCount(1);
    await expect(list.getByTestId('history-card')).toHaveAttribute('data-status', 'cancelled');

    // An end before the start is said, not sent.
    await page.getByTestId('history-from').fill('2026-12-31');
    await page.getByTestId('history-to').fill('2026-01-01');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByTestId('history-list')).toHaveCount(0);
  });

  test(`a trading transaction opens its order (${lang})`, async ({ page }) => {
    await openSignedIn(page, member, '/pages/profile/transcation', lang);
    await page.getByTestId('filter-type').getByText(texts[lang].trading, { exact: true }).click();
    const row = page
      .getByTestId('transaction')
      .filter({ has: page.getByTestId('transaction-order') })
      .first();
    await expect(row).toHaveAttribute('data-type', /^trade_/);
    const link = row.getByTestId('transaction-order');
    await expect(link).toContainText(texts[lang].order);
    const id = ((await link.textContent()) ?? '').match(/\d+/)?.[0];
    await link.click();
    const sheet = page.getByTestId('order-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('AAPL');
    await expect(sheet).toContainText(String(id));
  });
}
