import { expect, test } from '@playwright/test';

test('the home page loads with the product name as its title', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page).toHaveTitle('Soar');
  await expect(page.getByRole('heading', { name: 'Soar' })).toBeVisible();
  expect(errors).toEqual([]);
});
