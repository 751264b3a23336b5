import { expect, test } from '@playwright/test';
import { demoSession } from './routes.ts';

// Operator text per language (docs/web.md): the demo's open IPO and its loan products are written in
// German; an IPO written in English only shows English with a small marker.
test('a German reader sees the IPO description and loan product names in German, English marked where untranslated', async ({
  page,
  request,
}) => {
  const session = await demoSession(request);
  await page.addInitScript((stored) => {
    localStorage.setItem('soar-session', stored);
    localStorage.setItem('soar-language', JSON.stringify({ state: { language: 'de' }, version: 0 }));
  }, session);
  await page.goto('/#/pages/product/newstock');
  const nova = page.locator('[data-testid="ipo-card"]').filter({ hasText: 'NOVA' });
  await expect(nova).toContainText('Lagerroboter und die Software, die sie steuert.');
  await expect(nova.getByTestId('fallback-mark')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('newstock-de.png') });

  await page.goto('/#/pages/borrow/index');
  const products = page.getByTestId('loan-product');
  await expect(products.first()).toBeVisible();
  await expect(products).toContainText(['Schnellkredit 7 Tage', 'Standardkredit 30 Tage', 'USDT-Kreditlinie 90 Tage']);
  await expect(products.getByTestId('fallback-mark')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('borrow-de.png') });
});

test('English-only operator text carries the "Auf Englisch" marker for a German reader', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('soar-language', JSON.stringify({ state: { language: 'de' }, version: 0 })),
  );
  // Helios Grid (closed) is written in English only
  await page.goto('/#/pages/product/newstock?tab=closed');
  const english = page.locator('[data-testid="ipo-card"]').filter({ has: page.getByTestId('fallback-mark') });
  await expect(english.first()).toBeVisible();
  await expect(english.first().getByTestId('fallback-mark')).toHaveText('Auf Englisch');
});
