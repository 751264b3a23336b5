import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call } from './api.ts';
import { investor, openSignedIn, payPassword } from './members.ts';

// A new member (so the demo member's figures stay as the other specs expect) sees their account
// value on the profile and the Trade tab, live; the performance page exports a CSV; the demo
// member, whose history the development seed made, opens last month's statement.
test.describe.configure({ mode: 'default' });

let api: APIRequestContext;
let member: string;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  member = (await investor(api)).token;
});
test.afterAll(() => api.dispose());

test('the profile shows total assets, net assets, today’s P/L and buying power in the chosen currency', async ({
  page,
}) => {
  await openSignedIn(page, member, '/pages/main/profile/index');
  const card = page.getByTestId('account-value');
  // 5,000 USDT deposited today: worth 5,000 USD, and a deposit is not performance.
  await expect(card.getByTestId('balance-total')).toHaveText('5,000.00 USD');
  await expect(card.getByTestId('net-assets')).toHaveText('5,000.00 USD');
  await expect(card.getByTestId('loans')).toHaveText('0.00 USD');
  await expect(card.getByTestId('today-pnl')).toHaveText('0.00 USD (0.00%)');
  await expect(card.getByTestId('buying-power')).toHaveText('5,000.00 USD');
  await card.getByTestId('currency-picker').click();
  await page.locator('.adm-picker-view-column-item').filter({ hasText: /^EUR/ }).dispatchEvent('click');
  await page.locator('.adm-picker-header-button').last().click();
  // 5,000 / 1.0850 = 4,608.29 EUR; the choice holds on the Trade tab too.
  await expect(card.getByTestId('balance-total')).toHaveText('4,608.29 EUR');
  await page.goto('/#/pages/main/trade/index');
  await expect(page.getByTestId('account-value').getByTestId('balance-total')).toHaveText('4,608.29 EUR');
});

test('in Japanese, and live with the ticks of what is held', async ({ page }) => {
  test.setTimeout(90_000);
  await call(api, 'post', 'transfer/apply', member, { from: 'USDT', to: 'USD', amount: '2000', payPassword });
  await call(api, 'post', 'order/place', member, { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 3 });
  await openSignedIn(page, member, '/pages/main/trade/index', 'ja');
  const card = page.getByTestId('account-value');
  await expect(card).toContainText('総資産');
  await expect(card).toContainText('純資産');
  const total = card.getByTestId('balance-total');
  await expect(total).toContainText('USD');
  // The simulator trades AAPL about every 2 s: the total follows without a reload.
  const first = await total.textContent();
  await expect.poll(() => total.textContent(), { timeout: 45_000 }).not.toBe(first);
  await expect(page.getByTestId('performance-summary')).toContainText('S&P 500');
});

test('the performance page: return against an index, allocation, realised P/L and a CSV export', async ({ page }) => {
  await openSignedIn(page, member, '/pages/profile/performance');
  await expect(page.getByTestId('twr')).toContainText('%');
  await expect(page.getByTestId('allocation')).toContainText('Cash');
  await expect(page.getByTestId('realised')).toContainText('No closed positions yet');
  const exporter = page.getByTestId('export');
  await exporter.getByText('Trades', { exact: true }).click();
  await exporter.getByTestId('export-from').fill('2026-12-31');
  await exporter.getByTestId('export-to').fill('2026-01-01');
  await expect(exporter.getByTestId('export-problem')).toHaveText('The start date must be on or before the end date');
  await expect(exporter.getByTestId('export-download')).toBeDisabled();
  const today = new Date().toISOString().slice(0, 10);
  await exporter.getByTestId('export-from').fill(today);
  await exporter.getByTestId('export-to').fill(today);
  const downloading = page.waitForEvent('download');
  await exporter.getByTestId('export-download').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`soar-trades-${today}-${today}.csv`);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'time,side,order_id,position_id,close_id,symbol,market,direction,quantity,price,fee,currency,realised_pnl,reason',
  );
  expect(lines[1]).toContain(',open,');
  expect(lines[1]).toContain(',AAPL,US,buy,3,');
});

test('the demo member’s statement of last month downloads as a PDF', async ({ page }) => {
  const { token } = await call<{ token: string }>(api, 'post', 'member/login', '', {
    mail: 'demo@soar.local',
    password: 'demo1234',
  });
  await openSignedIn(page, token, '/pages/profile/statements');
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const row = page.getByTestId(`statement-${month}`);
  await expect(row).toContainText('USD');
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'PDF' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`soar-statement-${month}-en.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
