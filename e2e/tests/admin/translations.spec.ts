import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { operatorSession } from '../api.ts';
import { confirmDialog, openAs } from './back-office.ts';

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

type Product = { id: number; name: string; language: string; fallback: boolean };

/** The member-facing list, in one language. */
async function productsIn(lang: string): Promise<Product[]> {
  const response = await api.get('/api/v1/loan/product/list', { headers: { 'x-soar-lang': lang } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { list: Product[] } }).data.list;
}

test('finance names a loan product in English and German on language tabs; members read German, or English marked', async ({
  page,
}) => {
  const finance = await operatorSession(api, 'finance');
  const english = `Travel Loan ${Date.now()}`;
  const german = `Reisekredit ${Date.now()}`;
  await openAs(page, finance, '/loan-products');
  await page.getByTestId('loan-product-new').click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('loan-product-name') });
  await modal.getByTestId('loan-product-name').fill(english);
  await modal.getByRole('tab', { name: 'Deutsch' }).click();
  await modal.getByTestId('loan-product-name-de').fill(german);
  await modal.getByTestId('loan-product-days').fill('14');
  await modal.getByTestId('loan-product-interest').fill('0.001');
  await modal.getByTestId('loan-product-penalty').fill('0.002');
  await modal.getByTestId('loan-product-min').fill('100');
  await modal.getByTestId('loan-product-max').fill('2000');
  await modal.getByTestId('loan-product-save').click();
  await confirmDialog(page, 'Save these changes?');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('loan-product-table')).toContainText(english);

  const inGerman = (await productsIn('de')).find((product) => product.name === german);
  expect(inGerman).toMatchObject({ language: 'de', fallback: false });
  const inJapanese = (await productsIn('ja')).find((product) => product.id === inGerman?.id);
  expect(inJapanese).toMatchObject({ name: english, language: 'en', fallback: true });

  // Editing shows every language written, each on its tab
  await page
    .getByTestId('loan-product-table')
    .getByRole('row', { name: new RegExp(english) })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(modal.getByTestId('loan-product-name')).toHaveValue(english);
  await modal.getByRole('tab', { name: 'Deutsch' }).click();
  await expect(modal.getByTestId('loan-product-name-de')).toHaveValue(german);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('loan-product-tabs.png') });
});
