import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, operatorSession } from './api.ts';
import { investor, type Member, openSignedIn } from './members.ts';

// Issue 24, items 4 and 8: a field keeps what was typed and says what is wrong with it; money
// amounts are whole units (docs/product.md, Input rules), so a digit keypad, and a typed 12.5 stays; USDT shows its own mark; the limit price's
// placeholder is a word, never a price that could be taken for a typed one.

const locale = (namespace: string, lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/src/locales/${namespace}/${lang}.json`, import.meta.url), 'utf8'),
  );
const trading = { en: locale('trading', 'en'), de: locale('trading', 'de') };
const ipo = { en: locale('ipo', 'en'), de: locale('ipo', 'de') };

const day = 24 * 60 * 60 * 1000;
let api: APIRequestContext;
let member: Member;
let blockOffer: { id: number };
let ipoOffer: { id: number };

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  member = await investor(api, '100');
  const now = Date.now();
  const trader = (await operatorSession(api, 'trading')).token;
  blockOffer = await call<{ id: number }>(api, 'post', 'admin/blocktrade/offer/create', trader, {
    symbol: 'T',
    price: '20.00',
    minQuantity: 10_000,
    maxQuantity: 50_000,
    opensAt: new Date(now - day).toISOString(),
    closesAt: new Date(now + 3 * day).toISOString(),
  });
  const admin = (await operatorSession(api, 'admin')).token;
  ipoOffer = await call<{ id: number }>(api, 'post', 'admin/ipo/offer/create', admin, {
    symbol: `K${Date.now().toString(36).toUpperCase().slice(-6)}`,
    name: 'Typed Values Inc',
    market: 'US',
    currency: 'USDT',
    lotSize: 100,
    minLots: 1,
    maxLots: 5,
    fee: '2',
    sharesOffered: 500,
    priceMin: '10',
    priceMax: '10',
    startTime: new Date(now - day).toISOString(),
    endTime: new Date(now + 3 * day).toISOString(),
    allotmentTime: new Date(now + 4 * day).toISOString(),
    listingTime: new Date(now + 6 * day).toISOString(),
  });
});
test.afterAll(() => api.dispose());

for (const path of [
  '/pages/deposit/card',
  '/pages/deposit/custom',
  '/pages/deposit/wallet?network=TRC20',
  '/pages/withdraw/crypto',
  '/pages/profile/transfer',
]) {
  test(`the money amount on ${path} brings up the digit keypad and keeps a typed 12.5 as typed`, async ({ page }) => {
    await openSignedIn(page, member.token, path);
    const amount = page.locator('input#amount');
    await expect(amount).toHaveAttribute('inputmode', 'numeric', { timeout: 15_000 });
    await amount.fill('12.5');
    await expect(amount).toHaveValue('12.5');
  });
}

for (const lang of ['en', 'de'] as const) {
  test(`a block order quantity is kept as typed and the reason shows with the submit disabled (${lang})`, async ({
    page,
  }) => {
    await openSignedIn(page, member.token, `/pages/payment/stock?offer=${blockOffer.id}`, lang);
    const form = page.getByTestId('block-payment');
    const quantity = form.locator('input[name=quantity]');
    await expect(quantity).toHaveValue('10000', { timeout: 20_000 });
    const submit = form.locator('button[type=submit]');
    for (const typed of ['10000.5', '-10000', '1e4', ' 10000 ']) {
      await quantity.fill(typed);
      await expect(quantity).toHaveValue(typed);
      if (typed.trim() === '10000') continue;
      await expect(form.getByText(trading[lang].trading.validation.wholeShares)).toBeVisible();
      await expect(submit).toBeDisabled();
    }
  });

  test(`IPO lots are kept as typed and the reason shows with the submit disabled (${lang})`, async ({ page }) => {
    await openSignedIn(page, member.token, `/pages/payment/newstock?id=${ipoOffer.id}`, lang);
    const form = page.getByTestId('ipo-payment');
    const lots = form.locator('input[name=lots]');
    await expect(lots).toHaveValue('1', { timeout: 20_000 });
    const submit = form.locator('button[type=submit]');
    for (const typed of ['2.5', '-2', '2e0', ' 2']) {
      await lots.fill(typed);
      await expect(lots).toHaveValue(typed);
      if (typed === ' 2') continue;
      await expect(form.getByText(ipo[lang].ipo.wholeLots)).toBeVisible();
      await expect(form.getByTestId('ipo-total')).toHaveText('--');
      await expect(submit).toBeDisabled();
    }
    await lots.fill('9');
    const range = (ipo[lang].errors.IPO_LOTS_OUT_OF_RANGE as string).replace('{{min}}', '1').replace('{{max}}', '5');
    await expect(form.getByText(range)).toBeVisible();
    await expect(submit).toBeDisabled();
  });
}

test('USDT shows its own mark where the deposit methods show icons', async ({ page }) => {
  await openSignedIn(page, member.token, '/pages/deposit/index');
  const crypto = page.locator('.adm-list-item').filter({ hasText: 'Crypto (USDT)' });
  await expect(crypto.getByTestId('usdt-icon')).toBeVisible({ timeout: 15_000 });
});

test('the limit price placeholder is a word, not a price', async ({ page }) => {
  await openSignedIn(page, member.token, '/pages/quote/stock?symbol=AAPL');
  await page.getByRole('button', { name: 'Buy', exact: true }).click({ timeout: 20_000 });
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByRole('button', { name: 'Limit', exact: true }).click();
  const limit = ticket.locator('input[name=limitPrice]');
  await expect(limit).toHaveAttribute('placeholder', trading.en.trading.ticket.pricePlaceholder);
  await expect(limit).not.toHaveAttribute('placeholder', /\d/);
  await expect(limit).toHaveValue('');
});
