import { expect, type Page, test } from '@playwright/test';
import { operators } from '../api.ts';
import { ownAddress } from '../mail.ts';

/** Every page error, uncaught exceptions and unhandled promise rejections alike. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('page-error')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

for (const role of Object.keys(operators) as (keyof typeof operators)[]) {
  test(`${role} signs in, lands on the dashboard and opens every menu entry and tab without a page error`, async ({
    page,
  }) => {
    // admin opens every page: on a busy two-core machine that takes minutes.
    test.setTimeout(300_000);
    const errors = collectErrors(page);
    // A sign-in from an address of its own: sign-ins are rate-limited per address.
    await page.setExtraHTTPHeaders(ownAddress());
    await page.goto('/admin/login');
    await page.getByTestId('login-username').fill(operators[role].username);
    await page.getByTestId('login-password').fill(operators[role].password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await settle(page);

    const entries = page.getByTestId('side-menu').getByRole('menuitem');
    const count = await entries.count();
    expect(count).toBeGreaterThan(1);
    const content = page.getByTestId('page-content');
    // The first entry is the dashboard, where sign-in landed.
    for (let index = 0; index < count; index += 1) {
      const entry = entries.nth(index);
      const label = await entry.innerText();
      if (index > 0) {
        // A page loads as a transition: the last one stays on screen until the next has rendered,
        // and the frame names the route it draws. Its switches are read only once it is the one.
        const before = page.url();
        await entry.click();
        await expect(page, label).not.toHaveURL(before);
        const drawn = async () => `/admin${await content.getAttribute('data-path')}` === new URL(page.url()).pathname;
        await expect.poll(drawn, { message: label }).toBe(true);
      }
      await settle(page);
      // Tabs, and the segmented switches that act as tabs (the dashboard's charts). Read again
      // after each one: a switch can redraw the ones after it. Dispatched on the element, not
      // clicked at a point: a live page (the dashboard refetches its queues) can move under a
      // pointer, and a click that lands on a queue card would leave the page.
      // A filter switch may write its query (the support console's "To answer"); the page stays.
      const here = new URL(page.url()).pathname;
      const tabs = content.locator('[role="tab"]:visible, .ant-segmented-item:visible');
      for (let tab = 0; tab < (await tabs.count()); tab += 1) {
        // Held as one element: a tab bar that renders late can move the switches after it.
        const target = await tabs.nth(tab).elementHandle();
        const isTab = (await target.getAttribute('role')) === 'tab';
        const text = (await target.textContent()) ?? '';
        await target.dispatchEvent('click');
        await settle(page);
        expect(new URL(page.url()).pathname, label).toBe(here);
        // The switch took: a tab is selected, a segmented item checked. A list that reloads on the
        // switch can draw its switches anew: then the one of the same name is read. A segmented
        // item is read by its radio too: while its thumb slides, antd takes the selected class off.
        const selected = (element: Element, tab: boolean) =>
          tab
            ? element.getAttribute('aria-selected') === 'true'
            : element.classList.contains('ant-segmented-item-selected') ||
              element.querySelector<HTMLInputElement>('input[type="radio"]')?.checked === true;
        // A click that lands while the page redraws (a language switch, a list reload) can be lost:
        // one that has not taken is dispatched again on the switch as it stands now.
        await expect
          .poll(
            async () => {
              const current = (await target.evaluate((element) => element.isConnected))
                ? target
                : await tabs.filter({ hasText: text }).first().elementHandle();
              if (await current.evaluate(selected, isTab)) return true;
              await current.dispatchEvent('click');
              return false;
            },
            { message: `${label}: switch ${tab}` },
          )
          .toBe(true);
        await target.dispose();
      }
      expect(errors, label).toEqual([]);
    }
  });
}
