import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { operatorSession } from '../api.ts';
import { bankDeposit, registerMember } from '../members.ts';
import { openAs } from './back-office.ts';

// docs/admin.md, Queues: a queue opens on what waits and is searched by member; an opened record
// is claimed by its operator. (That another operator's list shows the claim, and that a stale
// decision says who decided, is tested on the server: apps/server/src/modules/admin/queues.test.ts.)

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
