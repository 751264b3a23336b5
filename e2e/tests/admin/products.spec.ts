import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { balance, registerMember } from '../members.ts';
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

/** Opens the audit log on one record (as admin) and answers its rows. */
async function auditOf(page: Page, entity: string, id: number | string) {
  await openAs(page, await operatorSession(api, 'admin'), `/audit?entity=${entity}&entityId=${id}`);
  const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return rows;
}

/** A drawn signature as the apply page uploads it: a PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwi/mPFTEMLQkAjeBoQRFz4CIAAAAASUVORK5CYII=',
  'base64',
);

test('finance approves a lower loan amount from the queue beside the member; the balance changes and the audit log shows it', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const admin = await operatorSession(api, 'admin');
  const product = await call<{ id: number }>(api, 'post', 'admin/loan/product/create', admin.token, {
    name: `E2E Loan ${Date.now()}`,
    currency: 'USD',
    cycleDays: 10,
    dailyInterestRate: '0.001',
    dailyPenaltyRate: '0.002',
    minAmount: '100',
    maxAmount: '5000',
  });
  const member = await registerMember(api);
  const uploaded = await api.post('/api/v1/upload', {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: { file: { name: 'signature.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const signature = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const loan = await call<{ id: number }>(api, 'post', 'loan/apply', member.token, {
    productId: product.id,
    amount: '300',
    signature,
    agree: true,
  });
  expect(await balance(api, member.token, 'USD')).toEqual({ available: '0', frozen: '0' });

  // The dashboard counts it and leads to the waiting loans.
  await openAs(page, await operatorSession(api, 'finance'), '/');
  await expect(page.getByTestId('side-menu')).toContainText('Loans');
  await page.getByTestId('queue-loan').click();
  await expect(page).toHaveURL(/\/admin\/loans\?approvalStatus=0$/);
  await page
    .getByTestId('loan-table')
    .locator('tr.ant-table-row')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${loan.id}$`) }) })
    .click();
  const drawer = page.getByTestId('loan-review');
  await expect(drawer).toContainText('300.00 USD');
  await expect(drawer.getByTestId('loan-signature').locator('img')).toBeVisible();
  await expect(drawer.getByTestId('member-context')).toContainText(member.uid);

  // More than applied for is refused in the form; a lower amount is approved after confirming.
  await drawer.getByTestId('loan-amount').fill('400');
  await drawer.getByTestId('loan-approve').click();
  await expect(drawer).toContainText('must be from 100.00 USD to 300.00 USD');
  await drawer.getByTestId('loan-amount').fill('200');
  await drawer.getByTestId('loan-approve').click();
  await confirmDialog(page, `Approve and pay out 200.00 USD to member ${member.uid}?`);
  await expect(drawer.locator('.ant-drawer-extra')).toContainText('Approved');
  await expect(drawer.locator('.ant-drawer-extra')).toContainText('Disbursed');
  expect(await balance(api, member.token, 'USD')).toEqual({ available: '200', frozen: '0' });

  // The member's page lists the loan.
  await page.goto(`/admin/members/${member.uid}?tab=loans`);
  await expect(page.getByTestId('member-loans')).toContainText(`#${loan.id}`);
  await expect(page.getByTestId('member-loans')).toContainText('Disbursed');

  const rows = await auditOf(page, 'loan', loan.id);
  await expect(rows.first().locator('[title="loan.review"]')).toBeVisible();
  await expect(rows.first()).toContainText('finance');
  await rows.first().locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('audit-diff').locator('tr', { hasText: /^approvedAmount/ })).toContainText('200');
  expect(errors).toEqual([]);
});

test('trading creates a quant fund from the products pages; it is listed and the audit log shows it', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const name = `E2E Fund ${Date.now()}`;
  await openAs(page, await operatorSession(api, 'trading'), '/funds');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('Quant funds');
  await expect(menu).not.toContainText('Loans');
  await page.getByTestId('fund-new').click();
  await page.getByTestId('fund-save').click();
  await expect(page.locator('.ant-modal')).toContainText('Name is required');
  await page.getByTestId('fund-name').fill(name);
  await page.getByTestId('fund-rate-min').fill('0.002');
  await page.getByTestId('fund-rate-max').fill('0.001');
  await page.getByTestId('fund-min').fill('100');
  await expect(page.locator('.ant-modal')).toContainText('The highest rate must not be below the lowest');
  await page.getByTestId('fund-rate-max').fill('0.004');
  const window = page.locator('.ant-modal .ant-picker-range input');
  await window.first().click();
  await window.first().fill('2026-11-01 00:00');
  await window.first().press('Enter');
  await window.last().fill('2030-12-31 00:00');
  await window.last().press('Enter');
  const lastDay = page.locator('.ant-modal .ant-picker:not(.ant-picker-range) input');
  await lastDay.click();
  await lastDay.fill('2030-12-15');
  await lastDay.press('Enter');
  await page.getByTestId('fund-save').click();
  await confirmDialog(page, /Save these changes\?/);
  const row = page.getByTestId('fund-table').locator('tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('0.2 % – 0.4 %');
  await expect(row).toContainText('On sale');

  const funds = (await (await api.get('/api/v1/quant/list?pageSize=100')).json()) as {
    data: { list: { id: number; name: string; minAmount: string; lastTradeDay: string }[] };
  };
  const created = funds.data.list.find((fund) => fund.name === name);
  expect(created).toMatchObject({ minAmount: '100', lastTradeDay: '2030-12-15' });

  const rows = await auditOf(page, 'quant_fund', created?.id ?? 0);
  await expect(rows.first().locator('[title="quant.create"]')).toBeVisible();
  await expect(rows.first()).toContainText('trading');
  expect(errors).toEqual([]);
});

test('trading suspends an instrument with a reason and resumes it; both are audited', async ({ page }) => {
  const errors = collectErrors(page);
  await openAs(page, await operatorSession(api, 'trading'), '/instruments?q=NVDA');
  const row = page.getByTestId('instrument-table').locator('tr.ant-table-row', { hasText: 'NVDA' });
  await expect(row).toContainText('Trading');
  await row.getByTestId('instrument-suspend-NVDA').click();
  await page.getByTestId('instrument-suspend-ok').click();
  await expect(page.locator('.ant-modal')).toContainText('Reason is required');
  await page.getByTestId('instrument-reason').fill('Company announcement pending');
  await page.getByTestId('instrument-suspend-ok').click();
  await confirmDialog(page, /Suspend trading in NVDA\?/);
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText('Company announcement pending');
  const listed = await call<{ list: { id: number; suspended: boolean }[] }>(
    api,
    'get',
    'admin/instrument/list?q=NVDA',
    (await operatorSession(api, 'trading')).token,
  );
  const id = listed.list[0]?.id ?? 0;
  expect(listed.list[0]?.suspended).toBe(true);

  await row.getByTestId('instrument-resume-NVDA').click();
  await confirmDialog(page, /Resume trading in NVDA\?/);
  await expect(row).toContainText('Trading');

  const rows = await auditOf(page, 'instrument', id);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('[title="instrument.resume"]')).toBeVisible();
  await expect(rows.nth(1).locator('[title="instrument.suspend"]')).toBeVisible();
  expect(errors).toEqual([]);
});
