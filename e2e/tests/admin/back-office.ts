import { expect, type Page } from '@playwright/test';
import type { Operator } from '../api.ts';

/** Opens a back office page signed in as `operator`, in `language`. */
export async function openAs(page: Page, operator: Operator, path: string, language: 'en' | 'zh-CN' = 'en') {
  await page.addInitScript(
    ([session, lang]) => {
      localStorage.setItem('soar-admin-session', session);
      localStorage.setItem('soar-admin-language', JSON.stringify({ state: { language: lang }, version: 0 }));
    },
    [JSON.stringify({ state: { token: operator.token, operator: operator.info }, version: 0 }), language] as const,
  );
  await page.goto(`/admin${path}`);
}

/** Confirms antd's confirmation dialog. */
export async function confirmDialog(page: Page, title: RegExp | string) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  // A click while the dialog still zooms in can be lost: wait until its opening animation ends.
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toBeHidden();
}
