import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { openAs } from './admin/back-office.ts';
import { call, operatorSession } from './api.ts';
import { balance, investor, openSignedIn, payPassword } from './members.ts';

// In order: a new member subscribes to an open IPO, the operator allots it, the member sees the
// allotment and the refund; then an operator publishes an offer in the back office.
test.describe.configure({ mode: 'default' });

let api: APIRequestContext;
let operator: string;
let member: string;
let offer: { id: number; symbol: string };
/** Screenshots of the pages, looked at by hand (390x844, en light, de dark; the back office). */
const shots = process.env.IPO_SHOTS ?? 'test-results/ipo-shots';

const day = 24 * 60 * 60 * 1000;
const symbol = () => `E${Date.now().toString(36).toUpperCase().slice(-6)}`;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  operator = (await operatorSession(api, 'admin')).token;
  member = (await investor(api)).token;
  // One lot on offer, 10 USDT a share, 100 shares a lot, a fee of 2 per application.
  const now = Date.now();
  offer = await call<{ id: number; symbol: string }>(api, 'post', 'admin/ipo/offer/create', operator, {
    symbol: symbol(),
    name: 'E2E Robotics',
    market: 'US',
    currency: 'USDT',
    lotSize: 100,
    minLots: 1,
    maxLots: 5,
    sharesOffered: 100,
    priceMin: '10',
    priceMax: '10',
    fee: '2',
    startTime: new Date(now - day).toISOString(),
    endTime: new Date(now + 3 * day).toISOString(),
    allotmentTime: new Date(now + 4 * day).toISOString(),
    listingTime: new Date(now + 6 * day).toISOString(),
  });
});
test.afterAll(() => api.dispose());

test('subscribe to the open IPO, see it under my subscriptions, and after the allotment the refund in the balance', async ({
  page,
}) => {
  // Two page loads and an allotment on a cold, shared machine.
  test.setTimeout(120_000);
  await openSignedIn(page, member, '/pages/product/newstock');
  const card = page.getByTestId('ipo-card').filter({ hasText: offer.symbol });
  await expect(card).toContainText('E2E Robotics', { timeout: 20_000 });
  await expect(card).toContainText('Lottery seed committed, SHA-256');
  await page.screenshot({ path: `${shots}/newstock-en.png`, fullPage: false });
  await card.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/#\/pages\/payment\/newstock\?id=/);
  const form = page.getByTestId('ipo-payment');
  await form.locator('input[name=lots]').fill('3');
  await expect(form.getByTestId('ipo-total')).toHaveText('3,002.00 USDT');
  await expect(form.getByTestId('ipo-available')).toHaveText('5,000.00 USDT');
  await form.locator('input[name=payPassword]').fill(payPassword);
  await page.screenshot({ path: `${shots}/payment-en.png`, fullPage: false });
  await form.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/tab=mine/);
  const mine = page.getByTestId('ipo-subscription').filter({ hasText: offer.symbol });
  await expect(mine.getByTestId('ipo-subscription-status')).toHaveText('Awaiting allotment');
  await expect(mine.getByTestId('ipo-subscription-amount')).toHaveText('3,002.00 USDT');
  expect(await balance(api, member, 'USDT')).toEqual({ available: '1998', frozen: '3002' });

  await call(api, 'post', 'admin/ipo/allot', operator, { id: offer.id });
  await page.reload();
  await expect(mine.getByTestId('ipo-subscription-status')).toHaveText('Allotted', { timeout: 30_000 });
  await expect(mine.getByTestId('ipo-subscription-allotted')).toHaveText('100');
  await expect(mine.getByTestId('ipo-subscription-refund')).toHaveText('2,000.00 USDT');
  expect(await balance(api, member, 'USDT')).toEqual({ available: '3998', frozen: '0' });
  await page.screenshot({ path: `${shots}/mine-en.png`, fullPage: false });
});

test('the IPO list in German, dark, shows the offers and the seed commitment', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSignedIn(page, member, '/pages/product/newstock', 'de');
  await expect(page.getByTestId('ipo-card').first()).toContainText('Losungs-Seed festgelegt', { timeout: 20_000 });
  await page.screenshot({ path: `${shots}/newstock-de-dark.png`, fullPage: false });
});

test('an operator publishes an IPO offer in the back office; its seed commitment shows at once', async ({ page }) => {
  const admin = await operatorSession(api, 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, admin, '/ipo');
  await page.getByTestId('ipo-new').click();
  const code = symbol();
  await page.getByTestId('ipo-symbol').fill(code);
  await page.getByTestId('ipo-name').fill('Back Office Listing');
  await page.getByTestId('ipo-shares').fill('500000');
  await page.getByTestId('ipo-priceMin').fill('8');
  await page.getByTestId('ipo-priceMax').fill('9.5');
  const local = (offset: number) => {
    const at = new Date(Date.now() + offset * day - new Date().getTimezoneOffset() * 60_000);
    return at.toISOString().slice(0, 16);
  };
  await page.getByTestId('ipo-startTime').fill(local(1));
  await page.getByTestId('ipo-endTime').fill(local(3));
  await page.getByTestId('ipo-allotmentTime').fill(local(4));
  await page.getByTestId('ipo-listingTime').fill(local(6));
  await page.getByRole('button', { name: 'OK' }).click();
  const row = page.getByTestId('ipo-table').locator('tr').filter({ hasText: code });
  await expect(row).toContainText('Upcoming');
  await expect(row.getByTestId('ipo-seed-hash')).toContainText('…');
  await page.screenshot({ path: `${shots}/admin-ipo.png` });
  const listed = await call<{ list: { symbol: string; seedHash: string; seed: string | null }[] }>(
    api,
    'get',
    'ipo/list?state=upcoming',
    '',
  );
  expect(listed.list.find((item) => item.symbol === code)).toMatchObject({ seed: null });
});
