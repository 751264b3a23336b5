import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { call, operatorSession, operators } from '../api.ts';
import { balance, bankDeposit, fundedWithdrawer, openSignedIn, registerMember } from '../members.ts';
import { confirmDialog, openAs } from './back-office.ts';

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens the audit log on one record and expands its newest entry. */
async function auditOf(page: Page, entity: string, id: number | string) {
  await page.goto(`/admin/audit?entity=${entity}&entityId=${id}`);
  const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return rows;
}

test('an operator signs in, passes a deposit from the queue, and the member’s balance changes', async ({ page }) => {
  const errors = collectErrors(page);
  const member = await registerMember(api);
  const deposit = await bankDeposit(api, member, '150');

  await page.goto('/admin/deposits?status=0');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByTestId('login-username').fill(operators.finance.username);
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('The account or password is wrong')).toBeVisible();
  await page.getByTestId('login-password').fill(operators.finance.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/admin\/deposits\?status=0$/);
  // The finance role sees its pages and not the admin's.
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('Deposits');
  await expect(menu).not.toContainText('Operators');

  const row = page
    .getByTestId('deposit-table')
    .locator('tr.ant-table-row')
    // By the ID column alone: a time or a hash in another row can hold the same digits.
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${deposit.id}$`) }) });
  await row.click();
  const drawer = page.getByTestId('deposit-review');
  await expect(drawer).toContainText('150.00 USD');
  const proofWidth = () =>
    drawer
      .getByTestId('deposit-proof')
      .locator('img')
      .evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0));
  await expect.poll(proofWidth).toBeGreaterThan(0);
  // Reopened while the upload is still cached, the proof loads again (it once showed a revoked URL).
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await row.click();
  await expect.poll(proofWidth).toBeGreaterThan(0);
  await expect(drawer.getByTestId('member-context')).toContainText(member.uid);
  await expect(page).toHaveURL(new RegExp(`open=${deposit.id}`));

  await drawer.getByTestId('deposit-pass').click();
  await confirmDialog(page, /Pass this deposit and credit 150\.00 USD\?/);
  await expect(drawer.locator('.ant-drawer-extra')).toContainText('Passed');
  expect(await balance(api, member.token, 'USD')).toEqual({ available: '150', frozen: '0' });

  await openAs(page, await operatorSession(api, 'admin'), '/');
  const rows = await auditOf(page, 'deposit', deposit.id);
  await expect(rows.first().locator('[title="deposit.review"]')).toBeVisible();
  await expect(rows.first()).toContainText('finance');
  await rows.first().locator('.ant-table-row-expand-icon').click();
  const diff = page.getByTestId('audit-diff');
  await expect(diff.locator('tr', { hasText: /^status/ })).toContainText('0');
  await expect(diff.locator('tr', { hasText: /^status/ })).toContainText('1');
  expect(errors).toEqual([]);
});

test('an operator refuses a withdrawal with a reason; the funds return and the member sees the reason', async ({
  page,
}) => {
  const { member, walletId } = await fundedWithdrawer(api);
  const withdrawal = await call<{ id: number }>(api, 'post', 'withdraw/apply', member.token, {
    amount: '100',
    currency: 'USDT',
    walletId,
    payPassword: '2468',
  });
  expect(await balance(api, member.token, 'USDT')).toEqual({ available: '399', frozen: '101' });

  await openAs(page, await operatorSession(api, 'finance'), `/withdrawals?status=0&open=${withdrawal.id}`);
  const drawer = page.getByTestId('withdraw-review');
  await expect(drawer).toContainText('100.00 USDT');
  await expect(drawer.getByTestId('member-context')).toContainText(member.uid);
  await drawer.getByTestId('withdraw-refuse').click();
  await expect(drawer).toContainText('Reason is required');
  await drawer.getByTestId('withdraw-reason').fill('The address failed our screening');
  await expect(drawer).not.toContainText('Reason is required');
  await drawer.getByTestId('withdraw-refuse').click();
  await confirmDialog(page, /Refuse and return 101\.00 USDT/);
  await expect(drawer.locator('.ant-drawer-extra')).toContainText('Refused');

  expect(await balance(api, member.token, 'USDT')).toEqual({ available: '500', frozen: '0' });
  const records = await call<{ list: { id: number; status: number; remark: string }[] }>(
    api,
    'get',
    'withdraw/record/list',
    member.token,
  );
  expect(records.list[0]).toMatchObject({ id: withdrawal.id, status: 2, remark: 'The address failed our screening' });

  // Finance may not read the audit log; admin (and compliance) may.
  await openAs(page, await operatorSession(api, 'admin'), '/');
  const rows = await auditOf(page, 'withdrawal', withdrawal.id);
  await expect(rows.first().locator('[title="withdraw.review"]')).toBeVisible();
});

test('maker-checker: one operator proposes a credit, the maker cannot approve it, a second operator does', async ({
  browser,
}) => {
  const member = await registerMember(api);
  const finance = await operatorSession(api, 'finance');
  const admin = await operatorSession(api, 'admin');

  const makerPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await openAs(makerPage, finance, `/adjustments?new=1&userId=${member.id}`);
  const form = makerPage.locator('.ant-modal', { hasText: 'New adjustment' });
  await form.getByTestId('adjustment-member').click();
  await makerPage.keyboard.type(member.uid);
  await makerPage.locator('.ant-select-item-option', { hasText: member.uid }).click();
  await form.getByTestId('adjustment-amount').fill('75.5');
  await form.getByTestId('adjustment-reason').fill('Refund of a duplicated fee');
  await form.getByTestId('adjustment-submit').click();
  await confirmDialog(makerPage, 'Propose this adjustment for approval?');
  const makerRow = makerPage.getByTestId('adjustment-table').locator('tr', { hasText: member.uid });
  await expect(makerRow).toContainText('Waiting for approval');
  await expect(makerRow.getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect(await balance(api, member.token, 'USD')).toEqual({ available: '0', frozen: '0' });

  const checkerPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await openAs(checkerPage, admin, '/adjustments?status=0');
  const checkerRow = checkerPage.getByTestId('adjustment-table').locator('tr', { hasText: member.uid });
  await checkerRow.getByRole('button', { name: 'Approve' }).click();
  await confirmDialog(checkerPage, 'Approve this adjustment? The money moves at once.');
  await expect(checkerPage.getByTestId('adjustment-table').locator('tr', { hasText: member.uid })).toHaveCount(0);
  expect(await balance(api, member.token, 'USD')).toEqual({ available: '75.5', frozen: '0' });

  await checkerPage.goto('/admin/adjustments');
  await expect(checkerPage.getByTestId('adjustment-table').locator('tr', { hasText: member.uid })).toContainText(
    'Approved',
  );
  await checkerPage.goto(`/admin/audit?entity=adjustment&operatorId=${admin.info.id}`);
  await expect(checkerPage.getByTestId('audit-table').locator('[title="adjustment.approve"]').first()).toBeVisible();
  await checkerPage.goto(`/admin/audit?entity=adjustment&operatorId=${finance.info.id}`);
  await expect(checkerPage.getByTestId('audit-table').locator('[title="adjustment.create"]').first()).toBeVisible();
  await makerPage.context().close();
  await checkerPage.context().close();
});

test('the menu follows the role; a page the role may not open shows 403; Chinese works throughout', async ({
  page,
}) => {
  await openAs(page, await operatorSession(api, 'finance'), '/operators', 'zh-CN');
  await expect(page.getByText('您的角色无权打开此页面')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toContainText('充值审核');
  await page.getByTestId('side-menu').getByText('仪表盘').click();
  await expect(page.getByTestId('queue-deposit')).toContainText('待审核充值');
});

test('signing out ends the session on the server', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByTestId('login-username').fill(operators.admin.username);
  await page.getByTestId('login-password').fill(operators.admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('soar-admin-session') ?? '{}').state.token);
  await page.getByTestId('operator-menu').hover();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  const me = await api.get('/api/v1/admin/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('a banner written in the back office shows on the member home page, in its language', async ({
  page,
  browser,
}) => {
  const title = `Autumn offer ${Date.now() % 100000}`;
  await openAs(page, await operatorSession(api, 'admin'), '/banners');
  await page.getByTestId('banner-new').click();
  const form = page.locator('.ant-modal');
  await form.getByTestId('banner-title-en').fill(title);
  await form.getByTestId('banner-text-en').fill('Zero fees on US stocks this week.');
  await form.getByRole('tab', { name: 'Deutsch' }).click();
  await form.getByTestId('banner-title-de').fill(`Herbstangebot ${title.split(' ').at(-1)}`);
  await form.getByTestId('banner-text-de').fill('Diese Woche keine Gebühren auf US-Aktien.');
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page, 'Save these changes?');
  await expect(page.getByTestId('banner-table')).toContainText(title);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const home = await phone.newPage();
  await home.addInitScript(() =>
    localStorage.setItem('soar-language', JSON.stringify({ state: { language: 'de' }, version: 0 })),
  );
  await home.goto('/#/');
  await expect(home.getByTestId('banner-swiper')).toContainText(`Herbstangebot ${title.split(' ').at(-1)}`);
  await phone.close();

  const row = page.getByTestId('banner-table').locator('tr', { hasText: title });
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmDialog(page, 'Delete this banner?');
  await expect(page.getByTestId('banner-table')).not.toContainText(title);
});

test('a bank account added in the back office is offered on the deposit page until it is switched off', async ({
  page,
  browser,
}) => {
  const account = `DE89${Date.now() % 100000000}`;
  await openAs(page, await operatorSession(api, 'admin'), '/deposit-channels');
  await page.getByTestId('channel-new').click();
  const form = page.locator('.ant-modal');
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(form.getByText('Bank is required')).toBeVisible();
  await expect(form.getByText('Account is required')).toBeVisible();
  await form.locator('#bankName').fill('Soar Test Bank');
  await form.locator('#accountName').fill('Soar Securities Ltd');
  await form.locator('#accountNumber').fill(account);
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page, 'Save these changes?');
  const row = page.getByTestId('channel-table').locator('tr', { hasText: account });
  await expect(row).toContainText('Soar Test Bank');

  const member = await registerMember(api);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const deposit = await phone.newPage();
  await openSignedIn(deposit, member.token, '/pages/deposit/card');
  await expect(deposit.getByTestId('bank-account-number').filter({ hasText: account })).toBeVisible();

  await row.getByRole('button', { name: 'Edit' }).click();
  // The switch is read back: a click while the dialog still opens can land before the form is filled.
  const enabled = form.locator('#enabled');
  await expect(async () => {
    if ((await enabled.getAttribute('aria-checked')) === 'true') await enabled.click();
    await expect(enabled).toHaveAttribute('aria-checked', 'false', { timeout: 1000 });
  }).toPass();
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page, 'Save these changes?');
  await expect(row).toContainText('No');
  await deposit.reload();
  await expect(deposit.getByTestId('bank-channel').first()).toBeVisible();
  await expect(deposit.getByTestId('bank-account-number').filter({ hasText: account })).toHaveCount(0);
  await phone.close();

  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmDialog(page, /Delete this deposit channel\?/);
  await expect(page.getByTestId('channel-table')).not.toContainText(account);
});
