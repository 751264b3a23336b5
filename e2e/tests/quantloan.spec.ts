import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, operatorSession } from './api.ts';
import { balance, investor, login, openSignedIn, payPassword } from './members.ts';

// In order: one member buys a fund, then borrows and repays. The member is new, so the wallet
// tests' demo balances are never touched; the demo member's seeded order is only read.
test.describe.configure({ mode: 'default' });

let api: APIRequestContext;
let operator: string;
let member: string;
let demo: string;

/** Whole cents of a USD decimal string, exactly (never through a float). */
function cents(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
}

/** A profit as the pages show it: signed, two decimals, the code after it. */
const usd = (value: string) =>
  `+${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as Intl.StringNumericLiteral)} USD`;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  operator = (await operatorSession(api, 'admin')).token;
  member = (await investor(api)).token;
  demo = await login(api, 'demo@soar.local', 'demo1234');
});
test.afterAll(() => api.dispose());

test('buy a fund: the minimum is checked as typed, the amount leaves the balance, the order is in my list', async ({
  page,
}) => {
  await openSignedIn(page, member, '/pages/quantify/index');
  const card = page.getByTestId('fund-card').filter({ hasText: 'USDT Stable Yield 7' });
  // The first page of a cold server may take a while on a busy machine.
  await expect(card.getByTestId('fund-range')).toHaveText('0.10% – 0.20%', { timeout: 20_000 });
  await card.getByRole('button', { name: 'Buy' }).click();
  const sheet = page.getByTestId('buy-sheet');
  await expect(sheet.getByTestId('buy-available')).toHaveText('Available: 5,000.00 USDT');
  await sheet.locator('input[name=amount]').fill('5');
  await sheet.getByRole('button', { name: 'Buy' }).click();
  await expect(sheet.getByText('The minimum purchase is 10.00 USDT')).toBeVisible();
  // Errors follow the input after the first submit and clear once it is fixed.
  await sheet.locator('input[name=amount]').fill('200');
  await expect(sheet.getByText('The minimum purchase is 10.00 USDT')).toHaveCount(0);
  await expect(sheet.getByTestId('buy-estimate')).toHaveText('1.40 USDT – 2.80 USDT');
  await expect(sheet.getByText('Pay password is required')).toBeVisible();
  await sheet.locator('input[name=payPassword]').fill(payPassword);
  await sheet.getByRole('button', { name: 'Buy' }).click();

  await expect(page).toHaveURL(/#\/pages\/quantify\/list$/);
  const order = page.getByTestId('quant-order').filter({ hasText: 'USDT Stable Yield 7' });
  await expect(order).toContainText('200.00 USDT');
  await expect(order).toContainText('In progress');
  await expect(order.getByTestId('order-last-profit')).toHaveText('After the first market close');
  await expect(order).toContainText('0 of 7 trading days');
  expect((await balance(api, member, 'USDT')).available).toBe('4800');
  const journal = await call<{ list: { type: string; amount: string }[] }>(
    api,
    'get',
    'transaction/list?type=quant_buy',
    member,
  );
  expect(journal.list).toMatchObject([{ type: 'quant_buy', amount: '-200' }]);
});

test("an order's daily profits: the latest in my list, each day in the history, adding up to the profit so far", async ({
  page,
}) => {
  const orders = await call<{ list: { id: number; accruedProfit: string; lastProfit: string }[] }>(
    api,
    'get',
    'quant/order/list',
    demo,
  );
  const seeded = orders.list.at(-1);
  if (!seeded) throw new Error('the demo member has no fund order');
  const profits = await call<{ list: { profit: string }[]; total: number }>(
    api,
    'get',
    `quant/profit/list?orderId=${seeded.id}&pageSize=100`,
    demo,
  );
  expect(profits.list.reduce((sum, item) => sum + cents(item.profit), 0n)).toBe(cents(seeded.accruedProfit));
  expect(profits.list[0]?.profit).toBe(seeded.lastProfit);

  await openSignedIn(page, demo, '/pages/quantify/list');
  const card = page.locator(`[data-testid=quant-order][data-order="${seeded.id}"]`);
  await expect(card.getByTestId('order-profit')).toHaveText(usd(seeded.accruedProfit), { timeout: 20_000 });
  await expect(card.getByTestId('order-last-profit')).toContainText(usd(seeded.lastProfit));
  await card.getByRole('link', { name: 'Daily profits' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/quantify/history\\?orderId=${seeded.id}$`));
  await expect(page.getByTestId('quant-profit')).toHaveCount(Math.min(profits.total, 20));
  await expect(page.getByTestId('quant-profit').first()).toContainText(usd(seeded.lastProfit));
});

test('a fund record shows the published rates against the promised range', async ({ page }) => {
  await openSignedIn(page, demo, '/pages/quantify/bak?id=1', 'de');
  await expect(page.getByTestId('rate-chart')).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 20_000 });
  await expect(page.getByTestId('fund-stats')).toContainText('Innerhalb der zugesagten Spanne');
});

test('borrow: a drawn signature and the accepted contract; approved by the operator, credited, repaid in part', async ({
  page,
}) => {
  await openSignedIn(page, member, '/pages/borrow/index');
  await page.getByTestId('loan-product').filter({ hasText: 'Quick Loan 7 days' }).click({ timeout: 20_000 });
  const form = page.getByTestId('loan-apply');
  await form.locator('input[name=amount]').fill('300.5');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('Enter the loan amount as a whole number in digits, such as 5000')).toBeVisible();
  await expect(form.getByText('Please sign: a signature is required')).toBeVisible();
  await expect(form.getByText('Please tick and agree')).toBeVisible();
  await form.locator('input[name=amount]').fill('300');
  await expect(form.getByText('Enter the loan amount as a whole number in digits, such as 5000')).toHaveCount(0);
  // 0.05 % a day of 300 is 0.15 USD, seven days of it on top of the principal.
  await expect(form.getByTestId('loan-total')).toHaveText('301.05 USD');
  await expect(form.getByTestId('loan-contract-link')).toHaveAttribute(
    'href',
    '#/pages/webview/index?name=loan-contract',
  );

  const pad = form.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (const [x, y] of [
    [80, 40],
    [130, 120],
    [190, 50],
    [250, 110],
    [310, 60],
  ]) {
    await page.mouse.move(box.x + (x ?? 0), box.y + (y ?? 0), { steps: 6 });
  }
  await page.mouse.up();
  await expect(form.getByText('Please sign: a signature is required')).toHaveCount(0);
  await form.getByText('I have read the loan contract and accept it').click();
  await form.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/#\/pages\/borrow\/detail\?id=\d+$/);
  const id = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
  await expect(page.getByTestId('loan-summary')).toContainText('Under review');

  const queue = await call<{ list: { id: number; signature: string }[] }>(
    api,
    'get',
    'admin/loan/list?approvalStatus=0',
    operator,
  );
  const application = queue.list.find((item) => item.id === id);
  if (!application) throw new Error('the application is not in the queue');
  const signature = await api.get(`/api/v1/upload/${application.signature}`, {
    headers: { authorization: `Bearer ${operator}` },
  });
  expect(signature.headers()['content-type']).toBe('image/png');
  expect((await signature.body()).length).toBeGreaterThan(1000);
  await call(api, 'post', 'admin/loan/review', operator, { id, status: 1 });

  await page.reload();
  await expect(page.getByTestId('loan-status').first()).toHaveText('Disbursed');
  await expect(page.getByTestId('loan-owed')).toHaveText('300.00 USD');
  expect((await balance(api, member, 'USD')).available).toBe('300');

  await page.getByRole('button', { name: 'Repay' }).click();
  const sheet = page.getByTestId('repay-sheet');
  await sheet.locator('input[name=amount]').fill('100');
  await expect(sheet.getByTestId('repay-split').locator('[data-part=principal]')).toHaveText('100.00 USD');
  await sheet.getByRole('button', { name: 'Repay' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByTestId('loan-owed')).toHaveText('200.00 USD');
  await expect(page.getByTestId('loan-repayment')).toHaveCount(1);
  expect((await balance(api, member, 'USD')).available).toBe('200');
  const detail = await call<{ owed: { total: string }; repaidTotal: string }>(
    api,
    'get',
    `loan/detail?id=${id}`,
    member,
  );
  expect(detail).toMatchObject({ owed: { total: '200' }, repaidTotal: '100' });
});

test('a guest sees the offers, and buying or applying asks for a login', async ({ page }) => {
  await page.goto('/#/pages/quantify/index');
  await page.getByTestId('fund-card').first().getByRole('button', { name: 'Buy' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=/);
  await page.goto('/#/pages/borrow/index');
  await expect(page.getByTestId('loan-product')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Log in to apply' })).toBeVisible();
  await page.goto('/#/');
  await expect(page.getByTestId('home-fund-list').getByRole('button')).not.toHaveCount(0);
});
