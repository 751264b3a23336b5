import { expect, test } from '@playwright/test';

test('the customer-service sheet closes on Back: no mask is left over home and the tab bar works', async ({ page }) => {
  await page.goto('/#/');
  await page.getByTestId('tab-markets').click();
  await expect(page).toHaveURL(/#\/pages\/main\/market\/index$/);
  await page.getByTestId('nav-customer').click();
  await expect(page.getByRole('dialog', { name: 'Customer service' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Customer service' })).toHaveCount(0);
  await expect(page.locator('.sheet-mask')).toHaveCount(0);
  // A click on the tab bar reaches it (a mask above it would take the click).
  await page.getByTestId('tab-profile').click();
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);
  // Coming back to Markets does not bring the sheet back.
  await page.getByTestId('tab-markets').click();
  await expect(page.locator('.sheet-mask')).toHaveCount(0);
});

test('the transfer confirmation closes on Back and does not follow to the profile', async ({ page }) => {
  await page.goto('/#/pages/auth/login');
  await page.getByTestId('mail').locator('input').fill('demo@soar.local');
  await page.getByTestId('password').locator('input').fill('demo1234');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);
  await page.goto('/#/pages/profile/transfer');
  await page.getByTestId('transfer-from').getByText('USD', { exact: true }).click();
  await page.getByTestId('transfer-to').getByText('EUR', { exact: true }).click();
  await page.locator('#amount').fill('100');
  await expect(page.getByTestId('transfer-rate')).toContainText('1 USD =');
  await page.locator('#payPassword').fill('2468');
  await page.getByTestId('transfer-form').getByRole('button', { name: 'Convert' }).click();
  await expect(page.locator('.modal')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);
  await expect(page.locator('.modal')).toHaveCount(0);
  await page.getByTestId('tab-markets').click();
  await expect(page).toHaveURL(/#\/pages\/main\/market\/index$/);
});
