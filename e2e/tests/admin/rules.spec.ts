import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { investor, payPassword, registerMember } from '../members.ts';
import { confirmDialog, openAs } from './back-office.ts';

// docs/admin.md, Rules: a number out of range is refused under its field with the reason, the
// typed value stays as typed (never clamped or rounded), nothing is sent; the confirm of a
// decision names the member by UID, the money with its currency, and the lots.

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

const day = 24 * 60 * 60 * 1000;
/** Screenshots looked at by hand (1440x900). */
const shots = process.env.RULES_SHOTS ?? 'test-results/rules-shots';

/** Records every request the page sends to `path`, to show that a refused form sent nothing. */
function requestsTo(page: Page, path: string): string[] {
  const sent: string[] = [];
  page.on('request', (sentRequest) => {
    if (sentRequest.url().includes(path)) sent.push(sentRequest.url());
  });
  return sent;
}

test('a hand allotment above the lots applied is refused under the field, kept as typed and never sent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const trading = await operatorSession(api, 'trading');
  const now = Date.now();
  const symbol = `R${now.toString(36).toUpperCase().slice(-6)}`;
  const offer = await call<{ id: number }>(api, 'post', 'admin/ipo/offer/create', trading.token, {
    symbol,
    name: 'E2E Rules Listing',
    market: 'US',
    currency: 'USDT',
    lotSize: 100,
    minLots: 1,
    maxLots: 5,
    sharesOffered: 100_000,
    priceMin: '2',
    priceMax: '2',
    fee: '1',
    startTime: new Date(now - day).toISOString(),
    endTime: new Date(now + 3 * day).toISOString(),
    allotmentTime: new Date(now + 4 * day).toISOString(),
    listingTime: new Date(now + 6 * day).toISOString(),
  });
  const member = await investor(api, '2000');
  const applied = await call<{ id: number }>(api, 'post', 'ipo/subscribe', member.token, {
    offerId: offer.id,
    lots: 5,
    payPassword,
  });

  const reviews = requestsTo(page, '/admin/ipo/review');
  await openAs(page, trading, '/ipo');
  await page.getByTestId('ipo-table').locator('tr', { hasText: symbol }).first().click();
  const row = page.getByTestId('ipo-subscriptions').locator('tr', { hasText: member.uid });
  const lots = row.getByTestId(`ipo-hand-${applied.id}`);
  await lots.fill('99');
  await lots.blur();
  await row.getByTestId(`ipo-hand-save-${applied.id}`).click();
  await expect(row).toContainText('Allotted lots must be at most 5: 5 lots were applied for');
  await expect(lots).toHaveValue('99');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/ipo-hand-allotment.png` });
  expect(reviews).toEqual([]);

  await lots.fill('2.5');
  await expect(row).toContainText('Allotted lots must be a whole number');
  await expect(lots).toHaveValue('2.5');

  await lots.fill('3');
  await expect(row).not.toContainText('must be');
  await row.getByTestId(`ipo-hand-save-${applied.id}`).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toContainText(`Member ${member.uid}: allot 3 of the 5 lots applied for`);
  await expect(dialog).toContainText('USDT frozen');
  await confirmDialog(page, 'Allot this application by hand?');
  await expect(row).toContainText('3 (by hand)');
});

test('an IPO lot size below 1 is refused under the field and kept as typed', async ({ page }) => {
  const trading = await operatorSession(api, 'trading');
  const creates = requestsTo(page, '/admin/ipo/offer/create');
  await openAs(page, trading, '/ipo');
  await page.getByTestId('ipo-new').click();
  const form = page.getByTestId('ipo-form');
  const lotSize = form.getByTestId('ipo-lotSize');
  await lotSize.fill('-100');
  await lotSize.blur();
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  await expect(form).toContainText('Lot size must be at least 1');
  await expect(lotSize).toHaveValue('-100');
  expect(creates).toEqual([]);
});

test('an adjustment with 3 decimals on USD is refused under the amount; the confirm names the member and the exact amount', async ({
  page,
}) => {
  const member = await registerMember(api);
  const finance = await operatorSession(api, 'finance');
  const creates = requestsTo(page, '/admin/adjustment/create');
  await openAs(page, finance, `/adjustments?new=1&uid=${member.uid}`);
  const form = page.locator('.ant-modal', { hasText: 'New adjustment' });
  await expect(form.getByTestId('adjustment-member')).toContainText(member.uid);
  const amount = form.getByTestId('adjustment-amount');
  await amount.fill('0.001');
  await form.getByTestId('adjustment-reason').fill('Refund of a duplicated fee');
  await form.getByTestId('adjustment-submit').click();
  await expect(form).toContainText('Amount has at most 2 decimals in USD');
  await expect(amount).toHaveValue('0.001');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/adjustment-decimals.png` });
  expect(creates).toEqual([]);

  await amount.fill('0.01');
  await expect(form).not.toContainText('decimals in USD');
  await form.getByTestId('adjustment-submit').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toContainText(`Credit 0.01 USD · member ${member.uid}`);
  await page.screenshot({ path: `${shots}/adjustment-confirm.png` });
  await confirmDialog(page, 'Propose this adjustment for approval?');
  const listed = await call<{ list: { amount: string; uid: string }[] }>(
    api,
    'get',
    `admin/adjustment/list?uid=${member.uid}`,
    finance.token,
  );
  expect(listed.list).toMatchObject([{ amount: '0.01', uid: member.uid }]);
});
