import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Styles cannot leak between pages (CSS Modules, docs/web.md "Styles"): a row measured before
 * and after visiting other pages in the same document keeps its size and fonts.
 */

/** The page on screen (kept-alive tab pages stay in the DOM, hidden). */
const onScreen = (page: Page) => page.locator('.page-host:not([hidden])');

/** Box size and the fonts of the row's parts, in pixels. */
async function measure(row: Locator) {
  await expect(row).toBeVisible();
  return row.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const fonts = Array.from(element.querySelectorAll('span, button')).map((part) => {
      const style = getComputedStyle(part);
      const rect = part.getBoundingClientRect();
      return `${style.fontSize} ${style.fontWeight} ${style.lineHeight} ${Math.round(rect.height)} ${style.display}`;
    });
    return { width: Math.round(box.width), height: Math.round(box.height), fonts };
  });
}

/** Moves inside the same document, as a tap on a link does. */
async function go(page: Page, path: string) {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, path);
}

test('Markets -> a stock -> back keeps the markets rows as they were, and the stock its day change', async ({
  page,
}) => {
  await page.goto('/#/pages/main/market/index');
  const row = onScreen(page).getByTestId('quote-row').first();
  const before = await measure(row);
  await row.getByRole('button').first().click();
  await expect(page).toHaveURL(/pages\/quote\/stock/);
  // The stock page has no tab bar: once it is gone, the markets tab is hidden and the stock shows.
  await expect(page.getByTestId('tabbar')).toHaveCount(0);
  await expect(onScreen(page).getByTestId('quote-change')).toBeVisible();
  await expect(onScreen(page).getByTestId('quote-change')).toHaveText(/\d/);
  // The price's element is replaced on every tick (its flash): read its size until one read lands.
  const price = onScreen(page).getByTestId('quote-price');
  await expect
    .poll(async () => Number.parseFloat(await price.evaluate((element) => getComputedStyle(element).fontSize)))
    .toBeGreaterThan(24);
  await page.goBack();
  await expect(page).toHaveURL(/pages\/main\/market\/index/);
  expect(await measure(onScreen(page).getByTestId('quote-row').first())).toEqual(before);
});

test('home -> a stock -> home keeps the index cards and stock rows as they were', async ({ page }) => {
  await page.goto('/');
  const card = onScreen(page).getByTestId('index-card').first();
  const row = onScreen(page).getByTestId('home-stocks').getByTestId('quote-row').first();
  const cardBefore = await measure(card);
  const rowBefore = await measure(row);
  await row.getByRole('button').first().click();
  await expect(onScreen(page).getByTestId('quote-header')).toBeVisible();
  await go(page, '/pages/quote/in?symbol=%5EGSPC');
  await expect(onScreen(page).getByTestId('quote-header')).toContainText('^GSPC');
  await go(page, '/pages/quote/gin');
  await expect(onScreen(page).getByTestId('index-card').first()).toBeVisible();
  await go(page, '/');
  await expect(page.getByTestId('tabbar')).toBeVisible();
  expect(await measure(onScreen(page).getByTestId('index-card').first())).toEqual(cardBefore);
  expect(await measure(onScreen(page).getByTestId('home-stocks').getByTestId('quote-row').first())).toEqual(rowBefore);
  // The cards sit side by side in the strip without overlapping.
  const boxes = await onScreen(page)
    .getByTestId('index-card')
    .evaluateAll((cards) => cards.slice(0, 3).map((item) => item.getBoundingClientRect().toJSON()));
  for (let index = 1; index < boxes.length; index += 1) {
    expect(boxes[index].left).toBeGreaterThanOrEqual(boxes[index - 1].right);
  }
});

test('global indices -> popular shows popular as a first visit does', async ({ page }) => {
  await page.goto('/#/pages/product/popular');
  const first = await measure(onScreen(page).getByTestId('quote-row').first());
  await go(page, '/pages/quote/globalindex');
  await expect(onScreen(page).getByTestId('index-row').first()).toBeVisible();
  await go(page, '/pages/quote/gin');
  await expect(onScreen(page).getByTestId('index-card').first()).toBeVisible();
  await go(page, '/pages/product/popular');
  expect(await measure(onScreen(page).getByTestId('quote-row').first())).toEqual(first);
});
