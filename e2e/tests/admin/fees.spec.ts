import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { confirmDialog, openAs } from './back-office.ts';

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

type Schedule = {
  market: string;
  currency: string;
  rate: string;
  minimum: string;
  platformFee: string;
  vipDiscounts: { level: number; discount: string }[];
};

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the trading operator changes the US minimum fee with a confirmation; the schedule and the audit log show it', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const trading = await operatorSession(api, 'trading');
  const before = (await call<Schedule[]>(api, 'get', 'admin/trade/fee/list', trading.token)).find(
    (row) => row.market === 'US',
  );
  if (!before) throw new Error('no US fee schedule');
  const { market: _market, currency: _currency, ...restore } = before;

  try {
    await openAs(page, trading, '/');
    await page.getByRole('menuitem', { name: 'Fee schedules' }).click();
    await expect(page).toHaveURL(/\/admin\/fees$/);
    const usRow = page.getByTestId('fee-table').locator('tr', { hasText: 'USD' });
    await expect(usRow).toContainText('0.05 %');
    await expect(usRow).toContainText('90 %'); // the stop-out ratio

    await page.getByTestId('fee-edit-US').click();
    await expect(page.getByTestId('fee-stop-out')).toHaveValue('0.9');
    await page.screenshot({ path: test.info().outputPath('fee-edit.png') });
    const minimum = page.getByTestId('fee-minimum');
    // The contract's rule, checked in the form: nothing is sent.
    await minimum.fill('1.5.0');
    await page.getByTestId('fee-save').click();
    await expect(page.locator('.ant-form-item-explain-error')).toContainText('must be a decimal number');

    await minimum.fill('2.25');
    await page.getByTestId('fee-save').click();
    await expect(page.getByTestId('fee-confirm-changes')).toContainText('Minimum commission: 1.00 → 2.25');
    await confirmDialog(page, 'Change the US fees?');
    await expect(usRow).toContainText('2.25');

    const after = (await call<Schedule[]>(api, 'get', 'admin/trade/fee/list', trading.token)).find(
      (row) => row.market === 'US',
    );
    expect(after).toMatchObject({ minimum: '2.25', rate: before.rate, platformFee: before.platformFee });

    // Trading may not read the audit log; admin may.
    await openAs(page, await operatorSession(api, 'admin'), '/audit?entity=trade_fee_schedule&entityId=US');
    const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
    await expect(rows.first().locator('[title="trade.fee.update"]')).toBeVisible();
    await expect(rows.first()).toContainText('trading');
    await rows.first().locator('.ant-table-row-expand-icon').click();
    const line = page.getByTestId('audit-diff').locator('tr', { hasText: /^minimum/ });
    await expect(line).toContainText('2.25');
    expect(errors).toEqual([]);
  } finally {
    await call(api, 'post', 'admin/trade/fee/update', trading.token, { market: 'US', ...restore });
  }
});
