import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { bankDeposit, registerMember } from '../members.ts';
import { confirmDialog, openAs } from './back-office.ts';

// docs/admin.md, Queues: a queue opens on what waits and is searched by member; an opened record
// is held by its operator for the others to see, and a decision on a record someone else decided
// meanwhile says who did (the server's side: apps/server/src/modules/admin/queues.test.ts).

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

/** Screenshots looked at by hand (1440x900). */
const shots = process.env.QUEUE_SHOTS ?? 'test-results/queue-shots';

test('a queue searched by UID and claimed by the operator who opened it', async ({ page }) => {
  test.setTimeout(120_000);
  const finance = await operatorSession(api, 'finance');
  const ann = await registerMember(api);
  const ben = await registerMember(api);
  await bankDeposit(api, ann, '1234');
  // Ben's deposit waits too: the search must leave it out.
  await bankDeposit(api, ben, '250');

  // Finance searches the deposit queue by Ann's UID: only her deposit, still waiting.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openAs(page, finance, '/deposits');
  await expect(page.getByTestId('queue-view').locator('.ant-segmented-item-selected')).toHaveText('Waiting');
  await page.getByTestId('search-uid').fill('123');
  await page.getByTestId('search-submit').click();
  await expect(page.getByText('Member UID must be 8 digits, such as 10000001')).toBeVisible();
  await page.getByTestId('search-uid').fill(ann.uid);
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(new RegExp(`uid=${ann.uid}`));
  const rows = page.getByTestId('deposit-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ann.uid);
  await expect(rows.first()).toContainText('1,234.00 USD');
  await page.screenshot({ path: `${shots}/deposit-queue-search.png` });

  // Finance opens it: the drawer claims it.
  const claimed = page.waitForResponse((response) => response.url().endsWith('/admin/claim'));
  await rows.first().click();
  const drawer = page.getByTestId('deposit-review');
  await expect(drawer).toBeVisible();
  expect((await claimed).status()).toBe(200);

  expect(errors).toEqual([]);
});

test('the dashboard and the login page at 1440x900', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('button')).not.toHaveCount(0);
  await page.screenshot({ path: `${shots}/login.png` });
  const admin = await operatorSession(api, 'admin');
  await openAs(page, admin, '/');
  await expect(page.getByTestId('dashboard-queues').or(page.locator('.ant-card').first())).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${shots}/dashboard.png`, fullPage: true });
});

test('a drawer open at one operator shows the record held by them on the other’s list, until closed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const finance = await operatorSession(api, 'finance');
  const admin = await operatorSession(api, 'admin');
  const ann = await registerMember(api);
  const deposit = await bankDeposit(api, ann, '321');

  // Finance opens Ann's waiting deposit: the drawer claims it and keeps it claimed.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openAs(page, finance, `/deposits?uid=${ann.uid}`);
  const financeRows = page.getByTestId('deposit-table').locator('tbody tr.ant-table-row');
  await expect(financeRows).toHaveCount(1);
  const claimed = page.waitForResponse((response) => response.url().endsWith('/admin/claim'));
  await financeRows.first().click();
  await expect(page.getByTestId('deposit-review')).toBeVisible();
  expect((await claimed).status()).toBe(200);
  // Once the lists are read again after the claim, it is still finance's.
  await expect(financeRows.first().getByTestId('claim-tag')).toContainText('Held by you');

  // Admin, in a browser of their own, sees it held by finance.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adminPage = await other.newPage();
  adminPage.on('pageerror', (error) => errors.push(error.message));
  await openAs(adminPage, admin, `/deposits?uid=${ann.uid}`);
  const adminRows = adminPage.getByTestId('deposit-table').locator('tbody tr.ant-table-row');
  await expect(adminRows).toHaveCount(1);
  await expect(adminRows.first()).toContainText(String(deposit.id));
  await expect(adminRows.first().getByTestId('claim-tag')).toHaveText(/^Held by finance until \d\d:\d\d$/);

  // Finance closes the drawer: the claim is released, and admin's list read again shows nobody.
  const released = page.waitForResponse((response) => response.url().endsWith('/admin/claim/release'));
  await page.getByTestId('deposit-review').locator('.ant-drawer-close').click();
  expect((await released).status()).toBe(200);
  await adminPage.reload();
  await expect(adminRows).toHaveCount(1);
  await expect(adminRows.first().getByTestId('claim-tag')).toHaveCount(0);

  await other.close();
  expect(errors).toEqual([]);
});

test('a decision on a record another operator decided meanwhile says who decided it and shows it decided', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const finance = await operatorSession(api, 'finance');
  const admin = await operatorSession(api, 'admin');
  const ann = await registerMember(api);
  const deposit = await bankDeposit(api, ann, '77');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openAs(page, finance, `/deposits?uid=${ann.uid}&open=${deposit.id}`);
  const drawer = page.getByTestId('deposit-review');
  await expect(drawer.locator('.ant-drawer-extra')).toHaveText('Waiting');
  await expect(drawer.getByTestId('deposit-pass')).toBeVisible();
  // The lists read again once the drawer claimed it: from here on only a decision refreshes it.
  await expect(page.getByTestId('deposit-table').getByTestId('claim-tag')).toContainText('Held by you');

  // Admin passes it through the API while finance looks at it.
  await call(api, 'post', 'admin/deposit/review', admin.token, { id: deposit.id, status: 1 });

  const refused = page.waitForResponse((response) => response.url().endsWith('/admin/deposit/review'));
  await drawer.getByTestId('deposit-pass').click();
  await confirmDialog(page, 'Pass this deposit and credit 77.00 USD?');
  expect((await refused).status()).toBe(409);
  await expect(page.locator('.ant-message')).toContainText(/Already decided by admin at .+ UTC/);
  // The confirm is closed; the drawer shows the deposit as it now stands, decided by admin.
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expect(drawer.locator('.ant-drawer-extra')).not.toHaveText('Waiting');
  await expect(drawer.getByTestId('decided-by')).toContainText('Decided by admin at');
  await expect(drawer.getByTestId('deposit-pass')).toHaveCount(0);
  expect(errors).toEqual([]);
});
