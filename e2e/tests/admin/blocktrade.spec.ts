import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { balance, investor, type Member, payPassword } from '../members.ts';
import { confirmDialog, openAs } from './back-office.ts';

// In order: trading publishes a block offer from the back office, a member orders from it, trading
// passes the order from the queue with the offer beside it and closes the offer; then the member's
// detail shows the position, the ledger lines and the sessions, and one session is signed out.
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let member: Member;
let offerId: number;
/** Screenshots looked at by hand: 1440x900, en and zh-CN. */
const shots = process.env.ADMIN_SHOTS ?? 'test-results/admin-blocktrade-shots';

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  // 260,000 USDT deposited, 250,000 of it changed into USD: enough for 10,000 shares of T.
  member = await investor(api, '260000');
  await call(api, 'post', 'transfer/apply', member.token, { from: 'USDT', to: 'USD', amount: '250000', payPassword });
});
test.afterAll(() => api.dispose());

test('trading publishes a block offer, passes a block order from the queue beside its offer, and closes the offer', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const trading = await operatorSession(api, 'trading');
  await openAs(page, trading, '/block-offers');
  await expect(page.getByTestId('block-offer-table')).toBeVisible();
  await page.getByTestId('block-offer-new').click();
  await page.getByTestId('block-offer-symbol').fill('T');
  await page.getByTestId('block-offer-discount').fill('0.05');
  const created = page.waitForResponse((response) => response.url().includes('/admin/blocktrade/offer/create'));
  await page.getByTestId('block-offer-save').click();
  await confirmDialog(page, 'Save these changes?');
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(200);
  offerId = ((await answer.json()) as { data: { id: number } }).data.id;
  await expect(page.getByTestId(`block-offer-status-${offerId}`)).toHaveText('Open');
  const row = page.locator(`tr[data-row-key="${offerId}"]`);
  await expect(row).toContainText('5 % below the last price');
  await page.screenshot({ path: `${shots}/offers-en.png` });

  // The member orders 10,000 shares at the block price it freezes.
  const order = await call<{ id: number; price: string }>(api, 'post', 'blocktrade/order', member.token, {
    offerId,
    quantity: 10_000,
    payPassword,
  });
  expect(Number((await balance(api, member.token, 'USD')).frozen)).toBeGreaterThan(0);

  await page.goto('/admin/orders');
  const offer = page.getByTestId(`order-offer-${order.id}`);
  await expect(offer).toContainText(`#${offerId} · 5 % below the last price`);
  // Grouped, at the currency's decimals or finer (the back office's exact money).
  const shown = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
  await expect(offer).toContainText(`block price ${shown.format(Number(order.price))} USD`);
  await page.screenshot({ path: `${shots}/queue-en.png` });
  await page.getByTestId(`order-pass-${order.id}`).click();
  await confirmDialog(page, /Pass the block order for 10,000 T/);
  await expect(page.getByTestId(`order-pass-${order.id}`)).toBeHidden();
  expect((await balance(api, member.token, 'USD')).frozen).toBe('0');

  await page.goto('/admin/block-offers');
  await page.getByTestId(`block-offer-close-${offerId}`).click();
  await confirmDialog(page, `Close the block offer #${offerId} (T) now?`);
  await expect(page.getByTestId(`block-offer-status-${offerId}`)).toHaveText('Closed');
  await expect(page.getByTestId(`block-offer-close-${offerId}`)).toBeHidden();

  // The audit log is the admin's and compliance's page.
  await openAs(page, await operatorSession(api, 'admin'), `/audit?entity=blocktrade_offer&entityId=${offerId}`);
  await expect(page.locator('[title="blocktrade.close"]').first()).toBeVisible();
  await expect(page.locator('[title="blocktrade.create"]').first()).toBeVisible();
});

test('the member detail shows the position, the ledger by bucket and the sessions; admin signs one out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await operatorSession(api, 'admin');
  await openAs(page, admin, `/members/${member.uid}?tab=positions`);
  const positions = page.getByTestId('member-positions');
  await expect(positions.locator('tbody tr.ant-table-row').first()).toContainText('T ·');
  await expect(positions).toContainText('10000');
  await page.screenshot({ path: `${shots}/member-positions-en.png` });

  await page.getByRole('tab', { name: 'Ledger' }).click();
  await page.getByTestId('ledger-account').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Frozen' }).click();
  const ledger = page.getByTestId('member-ledger');
  await expect(ledger.locator('tbody tr.ant-table-row').first()).toContainText('Frozen');
  await expect(ledger.locator('tbody tr.ant-table-row').filter({ hasText: 'Available' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Sessions' }).click();
  const sessions = page.getByTestId('member-sessions');
  const live = sessions.getByRole('button', { name: 'Sign out' });
  await expect(live.first()).toBeVisible();
  const before = await live.count();
  await page.screenshot({ path: `${shots}/member-sessions-en.png` });
  await live.first().click();
  await confirmDialog(page, /^Sign out \d+ on /);
  await expect(live).toHaveCount(before - 1);
  await expect(
    sessions
      .locator('.ant-tag')
      .filter({ hasText: /^Ended / })
      .first(),
  ).toBeVisible();

  await page.goto(`/admin/audit?entity=member&entityId=${member.id}`);
  await expect(page.locator('[title="member.session.revoke"]').first()).toBeVisible();
});

test('the block offers, the queue and the member detail in Chinese', async ({ page }) => {
  const admin = await operatorSession(api, 'admin');
  await openAs(page, admin, '/block-offers', 'zh-CN');
  await expect(page.getByTestId(`block-offer-status-${offerId}`)).toHaveText('已关闭');
  await page.screenshot({ path: `${shots}/offers-zh-CN.png` });
  await page.goto(`/admin/members/${member.uid}?tab=positions`);
  await expect(page.getByTestId('member-positions').locator('tbody tr.ant-table-row').first()).toContainText('T ·');
  await page.screenshot({ path: `${shots}/member-positions-zh-CN.png` });
  await page.getByRole('tab', { name: '会话' }).click();
  await expect(page.getByTestId('member-sessions').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/member-sessions-zh-CN.png` });
});
