import { expect, type Locator, type Page, test } from '@playwright/test';

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
/** The error line under the form item that holds `testId`. */
const errorOf = (page: Page, testId: string): Locator =>
  page
    .locator('.adm-form-item')
    .filter({ has: page.getByTestId(testId) })
    .locator('.adm-form-item-feedback-error');

test('login: nothing shows before the first submit, then each error follows its field and clears when fixed', async ({
  page,
}) => {
  // The first page of a fresh server on a loaded machine may take a while.
  test.setTimeout(90_000);
  await page.goto('/#/pages/auth/login');
  await expect(input(page, 'mail')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('login-page').locator('form')).toHaveAttribute('novalidate', '');
  await input(page, 'mail').fill('x');
  await expect(errorOf(page, 'mail')).toHaveCount(0);
  await input(page, 'mail').fill('');

  await page.getByTestId('login-submit').click();
  await expect(errorOf(page, 'mail')).toHaveText('Email is required');
  await expect(errorOf(page, 'password')).toHaveText('Password is required');

  // `x@y` is not an address the server takes; the browser's own tooltip never shows (novalidate).
  await input(page, 'mail').fill('x@y');
  await expect(errorOf(page, 'mail')).toHaveText('Enter an email address such as name@example.com');
  await input(page, 'mail').fill('someone@example.test');
  await expect(errorOf(page, 'mail')).toHaveCount(0);
  await input(page, 'password').fill('abc');
  await expect(errorOf(page, 'password')).toHaveText('The password has 4 to 16 characters');
  await input(page, 'password').fill('abcd1234');
  await expect(errorOf(page, 'password')).toHaveCount(0);
  // Emptied again after the first submit: flagged again at once.
  await input(page, 'mail').fill('');
  await expect(errorOf(page, 'mail')).toHaveText('Email is required');
});

test('register: a confirmation that cannot match is flagged as typed; every error clears once fixed', async ({
  page,
}) => {
  await page.goto('/#/pages/auth/register');
  await input(page, 'password').fill('pass1234');
  await input(page, 'confirm-password').fill('pass');
  await expect(errorOf(page, 'confirm-password')).toHaveCount(0);
  await input(page, 'confirm-password').fill('pasX');
  await expect(errorOf(page, 'confirm-password')).toHaveText('The two passwords differ');
  await input(page, 'confirm-password').fill('pass1234');
  await expect(errorOf(page, 'confirm-password')).toHaveCount(0);

  await page.getByTestId('register-submit').click();
  await expect(errorOf(page, 'mail')).toHaveText('Email is required');
  await expect(errorOf(page, 'code')).toHaveText('Verification code is required');
  await expect(page.getByText('Please tick and agree')).toBeVisible();

  await input(page, 'mail').fill('someone@example.test');
  await input(page, 'code').fill('123456');
  await page.getByTestId('agree').click();
  await expect(errorOf(page, 'mail')).toHaveCount(0);
  await expect(errorOf(page, 'code')).toHaveCount(0);
  await expect(page.getByText('Please tick and agree')).toHaveCount(0);

  await input(page, 'password').fill('pass12345');
  await expect(errorOf(page, 'confirm-password')).toHaveText('The two passwords differ');
  await input(page, 'confirm-password').fill('pass12345');
  await expect(errorOf(page, 'confirm-password')).toHaveCount(0);
  await expect(page.locator('.adm-form-item-feedback-error')).toHaveCount(0);
});

test("German: the messages are the German catalogue's, and they clear when fixed", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('soar-language', JSON.stringify({ state: { language: 'de' }, version: 0 }));
  });
  await page.goto('/#/pages/auth/login');
  await page.getByTestId('login-submit').click();
  await expect(errorOf(page, 'mail')).toHaveText('E-Mail ist erforderlich');
  await input(page, 'mail').fill('x@y');
  await expect(errorOf(page, 'mail')).toHaveText('Geben Sie eine E-Mail-Adresse wie name@example.com ein');
  await input(page, 'mail').fill('jemand@example.test');
  await expect(errorOf(page, 'mail')).toHaveCount(0);
});

test('wallet: the deposit amount follows the contract rule (a whole number from 1)', async ({ page }) => {
  await page.goto('/#/pages/auth/login');
  await input(page, 'mail').fill('demo@soar.local');
  await input(page, 'password').fill('demo1234');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/profile/);
  await page.goto('/#/pages/deposit/custom');
  const form = page.getByTestId('custom-form');
  await form.locator('input').fill('0.5');
  await expect(form.locator('.adm-form-item-feedback-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue by bank transfer' }).click();
  await expect(form.locator('.adm-form-item-feedback-error')).toHaveText(
    'The amount must be a whole number of at least 1',
  );
  await form.locator('input').fill('abc');
  await expect(form.locator('.adm-form-item-feedback-error')).toHaveText('Enter the amount in digits, such as 100');
  await form.locator('input').fill('25');
  await expect(form.locator('.adm-form-item-feedback-error')).toHaveCount(0);
});
