import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { operators } from '../api.ts';
import { registerMember } from '../members.ts';

/** Screenshots looked at by hand: 1440x900. */
const shots = process.env.ADMIN_SHOTS ?? 'test-results/admin-audit-shots';

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('compliance freezes a member with a reason, sees it on the member page, finds it in the audit log by UID, and sees its own sign-in', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const member = await registerMember(api);

  // Signed in through the page, so the sign-in itself is audited.
  await page.goto(`/admin/members/${member.uid}`);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByTestId('login-username').fill(operators.compliance.username);
  await page.getByTestId('login-password').fill(operators.compliance.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('member-detail')).toContainText(member.uid);

  await page.getByTestId('freeze-withdraw').click();
  const dialog = page.locator('.ant-modal', { hasText: `Freeze withdrawals of ${member.uid}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  await dialog.getByTestId('freeze-confirm').click();
  await expect(dialog).toContainText('Reason is required');
  await dialog.getByTestId('freeze-reason').fill('Source of funds check requested by the bank');
  await dialog.getByTestId('freeze-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('freeze-withdraw')).toHaveAttribute('aria-checked', 'true');
  const last = page.getByTestId('freeze-withdraw-last');
  await expect(last).toContainText('Frozen by compliance');
  await expect(last).toContainText('Source of funds check requested by the bank');
  await expect(page.getByTestId('freeze-login')).toHaveAttribute('aria-checked', 'false');
  await page.screenshot({ path: `${shots}/member-frozen.png` });

  await page.goto('/admin/audit');
  await page.getByTestId('audit-uid').fill(member.uid);
  await page.getByTestId('audit-filter').click();
  await expect(page).toHaveURL(new RegExp(`uid=${member.uid}`));
  const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  const freeze = rows.first().locator('[title="member.freeze"]');
  await expect(freeze).toHaveText('Froze or unfroze a member');
  await expect(rows.first()).toContainText(member.uid);
  await expect(rows.first()).toContainText('compliance');
  await rows.first().locator('.ant-table-row-expand-icon').click();
  const diff = page.getByTestId('audit-diff');
  await expect(diff.locator('tr', { hasText: /^withdrawFrozen/ })).toContainText('true');
  await expect(diff.locator('tr', { hasText: /^reason/ })).toContainText('Source of funds check requested by the bank');
  await page.screenshot({ path: `${shots}/audit-by-uid.png` });

  await page.goto('/admin/audit?operator=compliance&entity=operator');
  const signIn = page.getByTestId('audit-table').locator('[title="operator.login"]').first();
  await expect(signIn).toHaveText('Signed in');
  await expect(page.getByTestId('audit-entity')).toContainText('Operator');
  await page.screenshot({ path: `${shots}/audit-sign-ins.png` });
  expect(errors).toEqual([]);
});
