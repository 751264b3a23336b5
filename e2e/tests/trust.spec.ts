import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { balance, investor, type Member, openSignedIn, payPassword, registerMember } from './members.ts';

// Small things a member must be able to trust (issue 24, items 8 and 9): where a login returns,
// what a signed-in member sees of login and register, a payment page opened without its offer,
// a transfer confirmed with the pay password, and an empty list of logins that says why.

const locale = (namespace: string, lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/src/locales/${namespace}/${lang}.json`, import.meta.url), 'utf8'),
  );
const shell = { en: locale('shell', 'en'), de: locale('shell', 'de') };
const member = { en: locale('member', 'en'), de: locale('member', 'de') };
const ipo = { en: locale('ipo', 'en'), de: locale('ipo', 'de') };

let api: APIRequestContext;
let guest: Member;
let payer: Member;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  guest = await registerMember(api);
  payer = await investor(api, '100');
});
test.afterAll(() => api.dispose());

/** The message toasts, not the loading one that shows while a write is in flight. */
const toasts = (page: Page) => page.locator('.toast:not(.toast-loading)');

function inLanguage(page: Page, language: string) {
  return page.addInitScript(
    (lang) => localStorage.setItem('soar-language', JSON.stringify({ state: { language: lang }, version: 0 })),
    language,
  );
}

for (const lang of ['en', 'de'] as const) {
  test(`the login page names the page it returns to by its title (${lang})`, async ({ page }) => {
    await inLanguage(page, lang);
    await page.goto('/#/pages/deposit/index?type=crypto');
    await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=/);
    const note = page.getByTestId('login-redirect');
    await expect(note).toHaveText(
      shell[lang].shell.login.redirect.replace('{{target}}', shell[lang].pages.deposit.index),
    );
    await expect(note).not.toContainText('/pages/');
  });

  test(`a signed-in member opening login or register goes to the profile (${lang})`, async ({ page }) => {
    await openSignedIn(page, guest.token, '/pages/auth/login', lang);
    await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);
    await expect(page.getByTestId('member-profile')).toBeVisible();
    await page.goto('/#/pages/auth/register');
    await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);
    // With a redirect, where the login would have gone.
    await page.goto(`/#/pages/login/index?redirect=${encodeURIComponent('/pages/setting/index')}`);
    await expect(page).toHaveURL(/#\/pages\/setting\/index$/);
    await expect(page.getByRole('heading', { level: 1, name: shell[lang].pages.setting.index })).toBeVisible();
  });

  test(`the IPO payment page without an offer says what to do (${lang})`, async ({ page }) => {
    await openSignedIn(page, guest.token, '/pages/payment/newstock', lang);
    const missing = page.getByTestId('ipo-payment-missing');
    await expect(missing).toContainText(ipo[lang].ipo.chooseOffer);
    await missing.getByRole('link', { name: ipo[lang].ipo.toOffers }).click();
    await expect(page).toHaveURL(/#\/pages\/product\/newstock/);
  });

  test(`the recent logins card says why it is empty (${lang})`, async ({ page }) => {
    // Registered and signed in by the sign-up itself: no password sign-in yet.
    await openSignedIn(page, guest.token, '/pages/setting/index', lang);
    await expect(page.getByTestId('attempts-empty')).toHaveText(member[lang].account.settings.attemptsEmpty);
  });
}

test('a transfer asks for the pay password: a wrong one moves nothing, the right one converts', async ({ page }) => {
  await openSignedIn(page, payer.token, '/pages/profile/transfer');
  const form = page.getByTestId('transfer-form');
  await page.getByTestId('transfer-from').getByText('USDT', { exact: true }).click();
  await page.getByTestId('transfer-to').getByText('EUR', { exact: true }).click();
  await page.locator('#amount').fill('10');
  // 10 USDT at 1 USD over EUR's 1.0850 is 9.2165...: what arrives is named in whole cents.
  await expect(page.getByTestId('transfer-received')).toHaveText('9.22 EUR');
  await page.locator('#payPassword').fill('9999');
  await form.getByRole('button', { name: 'Convert' }).click();
  await page.locator('.modal-confirm').click();
  await expect(toasts(page)).toContainText('pay password');
  expect(await balance(api, payer.token, 'USDT')).toEqual({ available: '100', frozen: '0' });
  expect(await balance(api, payer.token, 'EUR')).toEqual({ available: '0', frozen: '0' });

  await page.locator('#payPassword').fill(payPassword);
  await form.getByRole('button', { name: 'Convert' }).click();
  await expect(page.locator('.modal')).toContainText('receive 9.22 EUR');
  await page.locator('.modal-confirm').click();
  await expect(page.locator('.toast', { hasText: 'Transfer completed' })).toBeVisible();
  expect(await balance(api, payer.token, 'EUR')).toEqual({ available: '9.22', frozen: '0' });
  expect(await balance(api, payer.token, 'USDT')).toEqual({ available: '90', frozen: '0' });
});

test('without a pay password the transfer page says to set one and cannot be sent (de)', async ({ page }) => {
  await openSignedIn(page, guest.token, '/pages/profile/transfer', 'de');
  await expect(page.getByTestId('no-pay-password')).toBeVisible();
  await expect(page.getByTestId('transfer-form').getByRole('button', { name: 'Umtauschen' })).toBeDisabled();
});

test('the register page links its terms to the documents', async ({ page }) => {
  await page.goto('/#/pages/auth/register');
  await page.getByTestId('register-terms').click();
  await expect(page).toHaveURL(/#\/pages\/webview\/index\?name=terms$/);
  await expect(page.getByTestId('document')).toBeVisible();
  await page.goBack();
  await page.getByTestId('register-privacy').click();
  await expect(page).toHaveURL(/#\/pages\/webview\/index\?name=privacy$/);
});

test('the loan form keeps its choices while the contract is read', async ({ page }) => {
  await openSignedIn(page, guest.token, '/pages/borrow/index');
  const products = page.getByTestId('loan-product');
  await products.nth(1).click({ timeout: 20_000 });
  const chosen = await products.nth(1).locator('span').first().textContent();
  const form = page.getByTestId('loan-apply');
  await form.locator('input[name=amount]').fill('300');
  await form.locator('input[name=agree]').check();
  await form.getByTestId('loan-contract-link').click();
  await expect(page.getByTestId('document')).toBeVisible();
  await page.goBack();
  await expect(form.locator('input[name=amount]')).toHaveValue('300');
  await expect(form.locator('input[name=agree]')).toBeChecked();
  await expect(page.getByTestId('loan-product').filter({ hasText: chosen ?? '' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});
