import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { bankDeposit, depositUsdt, fundedWithdrawer, registerMember } from '../members.ts';
import { openAs } from './back-office.ts';

// Issue 25, item 10: money at its currency's decimals from the currency list, grouped in thousands
// (JPY 0, USD 2, USDT up to 6), times in one format, and no table button outside its table at
// 1440x900, in both languages of the back office.

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

/** A decimal grouped in thousands, with no fraction (`1,234,567`) or with one (`1,234.5`). */
const grouped = /^[+−-]?\d{1,3}(,\d{3})*(\.\d+)?$/;
const whole = /^\d{1,3}(,\d{3})*$/;

/** The cells of the column headed `title`, read after the table has rows. */
async function columnTexts(table: Locator, title: string): Promise<string[]> {
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const titles = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = titles.indexOf(title);
  expect(index, `${title} in ${titles.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (await table.locator(`tbody tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts()).map((text) =>
    text.trim(),
  );
}

/** Every button of a table's rows lies inside its cell and inside the table. */
async function expectButtonsInside(page: Page, testId: string) {
  const table = page.getByTestId(testId);
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const outside = await table.evaluate((element) => {
    const frame = (element.querySelector('.ant-table') ?? element).getBoundingClientRect();
    const found: string[] = [];
    for (const button of Array.from(element.querySelectorAll('tbody td button, tbody td a.ant-btn'))) {
      const box = button.getBoundingClientRect();
      const cell = (button.closest('td') as HTMLElement).getBoundingClientRect();
      if (box.width === 0) continue;
      const inside = (outer: DOMRect) =>
        box.left >= outer.left - 0.5 &&
        box.right <= outer.right + 0.5 &&
        box.top >= outer.top - 0.5 &&
        box.bottom <= outer.bottom + 0.5;
      if (!inside(frame) || !inside(cell))
        found.push(`${button.textContent?.trim() || 'icon'} at ${Math.round(box.right)}`);
    }
    return found;
  });
  expect(outside, testId).toEqual([]);
}

test('the review queues and adjustments show money at its currency’s decimals', async ({ page }) => {
  test.setTimeout(120_000);
  const finance = await operatorSession(api, 'finance');
  const member = await registerMember(api);
  await bankDeposit(api, member, '1234567', 'JPY');
  await bankDeposit(api, member, '1234');

  await openAs(page, finance, `/deposits?uid=${member.uid}`);
  const deposits = page.getByTestId('deposit-table');
  await expect(deposits.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(deposits).toContainText('1,234,567 JPY');
  await expect(deposits).not.toContainText('1,234,567.00');
  await expect(deposits).toContainText('1,234.00 USD');
  const submitted = await columnTexts(deposits, 'Submitted');
  for (const time of submitted) expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} \S+$/);

  for (const [currency, amount] of [
    ['JPY', '1234567'],
    ['USD', '1234.5'],
  ] as const) {
    await call(api, 'post', 'admin/adjustment/create', finance.token, {
      uid: member.uid,
      currency,
      direction: 'credit',
      amount,
      reason: 'Formatting check',
    });
  }
  await page.goto(`/admin/adjustments?uid=${member.uid}`);
  const adjustments = page.getByTestId('adjustment-table');
  await expect(adjustments.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(adjustments).toContainText('+1,234,567 JPY');
  await expect(adjustments).toContainText('+1,234.50 USD');
  await expectButtonsInside(page, 'adjustment-table');

  const { member: withdrawer, walletId } = await fundedWithdrawer(api);
  await depositUsdt(api, withdrawer, '2000');
  await call(api, 'post', 'withdraw/apply', withdrawer.token, {
    amount: '1234',
    currency: 'USDT',
    walletId,
    payPassword: '2468',
  });
  await page.goto(`/admin/withdrawals?uid=${withdrawer.uid}`);
  const withdrawals = page.getByTestId('withdraw-table');
  await expect(withdrawals.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(withdrawals).toContainText('1,234.00 USDT');
});

test('prices and fees are grouped and at their currency’s decimals, dates in one format', async ({ page }) => {
  const admin = await operatorSession(api, 'admin');
  await openAs(page, admin, '/fees');
  const fees = page.getByTestId('fee-table');
  const japan = fees.locator('tr[data-row-key="JP"]');
  await expect(japan).toBeVisible();
  // JPY has no decimals: the yen minimum and platform fee are whole numbers, not 100.00.
  for (const title of ['Minimum commission', 'Platform fee']) {
    const texts = await columnTexts(fees, title);
    const row = (await fees
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')))) as string[];
    expect(texts[row.indexOf('JP')]).toMatch(whole);
  }

  await page.goto('/admin/instruments');
  for (const price of await columnTexts(page.getByTestId('instrument-table'), 'Last price'))
    expect(price).toMatch(grouped);

  await page.goto('/admin/ipo');
  const offers = page.getByTestId('ipo-table');
  for (const shares of await columnTexts(offers, 'Shares issued')) expect(shares).toMatch(whole);
  await expect(offers).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}/);
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`table buttons stay inside their tables at 1440x900 (${language})`, async ({ page }) => {
    const admin = await operatorSession(api, 'admin');
    for (const [path, testId] of [
      ['/ipo', 'ipo-table'],
      ['/block-offers', 'block-offer-table'],
      ['/instruments?kind=stock', 'instrument-table'],
      ['/fees', 'fee-table'],
      ['/operators', 'operator-table'],
    ] as const) {
      await openAs(page, admin, path, language);
      await expectButtonsInside(page, testId);
    }
  });
}
