import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, operatorSession } from './api.ts';
import { balance, investor, openSignedIn, payPassword } from './members.ts';

// In order: a new member orders from a block offer and sees it pending; the operator passes it
// through the API; the position appears in the member's holdings at the block price.
// Serial: one worker, so every test sees the member (and the order) made once in beforeAll.
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let member: string;
let offer: { id: number };
/** Screenshots of the pages, looked at by hand (390x844, en light and dark, de light and dark). */
const shots = process.env.BLOCK_SHOTS ?? 'test-results/blocktrade-shots';
const day = 24 * 60 * 60 * 1000;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  const trading = (await operatorSession(api, 'trading')).token;
  // 260,000 USDT deposited, 250,000 of it changed into USD: enough for 10,000 shares at 20.00.
  member = (await investor(api, '260000')).token;
  await call(api, 'post', 'transfer/apply', member, { from: 'USDT', to: 'USD', amount: '250000', payPassword });
  const now = Date.now();
  offer = await call<{ id: number }>(api, 'post', 'admin/blocktrade/offer/create', trading, {
    symbol: 'T',
    price: '20.00',
    minQuantity: 10_000,
    maxQuantity: 50_000,
    opensAt: new Date(now - day).toISOString(),
    closesAt: new Date(now + 3 * day).toISOString(),
  });
});
test.afterAll(() => api.dispose());

test('order from a block offer, see it pending, and after the pass the position in holdings at the block price', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, member, '/pages/product/blocktrade');
  const card = page.locator(`[data-testid=block-offer][data-offer="${offer.id}"]`);
  await expect(card.getByTestId('block-price')).toHaveText('20.00 USD', { timeout: 20_000 });
  await expect(card).toContainText('Fixed price');
  await expect(card.getByTestId('block-discount')).toHaveText(/%$/);
  await card.getByRole('button', { name: 'Order' }).click();

  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?offer=/);
  const form = page.getByTestId('block-payment');
  await expect(form.locator('input[name=quantity]')).toHaveValue('10000');
  // 10,000 x 20.00 = 200,000.00; fee 0.05 % = 100.00 plus 0.50.
  await expect(form.getByTestId('block-pay-fee')).toHaveText('100.50 USD', { timeout: 15_000 });
  await expect(form.getByTestId('block-pay-total')).toHaveText('200,100.50 USD');
  await form.locator('input[name=payPassword]').fill(payPassword);
  await page.screenshot({ path: `${shots}/payment-en.png`, fullPage: false });
  await form.getByRole('button', { name: 'Confirm block order' }).click();

  await expect(page).toHaveURL(/tab=mine/);
  const mine = page.getByTestId('block-order').first();
  await expect(mine.getByTestId('block-order-status')).toHaveText('Pending');
  await expect(mine.getByTestId('block-order-total')).toHaveText('200,100.50 USD');
  expect((await balance(api, member, 'USD')).frozen).toBe('200100.5');
  await page.screenshot({ path: `${shots}/mine-en.png`, fullPage: false });

  const trading = (await operatorSession(api, 'trading')).token;
  const orders = await call<{ list: { id: number }[] }>(api, 'get', 'blocktrade/order/list', member);
  const id = orders.list[0]?.id ?? 0;
  await call(api, 'post', 'admin/order/review', trading, { id, status: 1 });
  await page.reload();
  await expect(mine.getByTestId('block-order-status')).toHaveText('Passed', { timeout: 30_000 });
  expect(await balance(api, member, 'USD')).toMatchObject({ frozen: '0' });

  await page.goto('/#/pages/main/trade/index');
  const position = page.locator('[data-testid=position-card][data-symbol="T"]');
  await expect(position).toContainText('10000 sh', { timeout: 20_000 });
  await expect(position).toContainText('Filled price20.00');
});

for (const [language, scheme] of [
  ['en', 'light'],
  ['en', 'dark'],
  ['de', 'light'],
  ['de', 'dark'],
] as const) {
  test(`the block trade page in ${language}, ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, member, '/pages/product/blocktrade', language);
    await expect(page.getByTestId('block-offer').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('block-price').first()).not.toHaveText('--');
    await page.screenshot({ path: `${shots}/offers-${language}-${scheme}.png`, fullPage: false });
    await page.getByRole('tab').last().click();
    await expect(page.getByTestId('block-order').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/mine-${language}-${scheme}.png`, fullPage: false });
  });
}
