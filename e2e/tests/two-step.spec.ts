import { expect, type Page, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { memberPassword, registerMember } from './members.ts';

/** The code an authenticator shows `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30, algorithm: 'sha1', digits: 6, period: 30 });

const toasts = (page: Page) => page.locator('.toast:not(.toast-loading)');

async function passwordStep(page: Page, mail: string) {
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.getByTestId('mail').locator('input').fill(mail);
  await page.getByTestId('password').locator('input').fill(memberPassword);
  await page.getByTestId('login-submit').click();
}

/** For a person to look at (test-results/): light and dark at 390x844. */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a member turns two-step sign-in on in settings, signs out and signs in with the app’s code', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await page.goto('/#/pages/auth/login');
  await passwordStep(page, member.mail);
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);

  await page.goto('/#/pages/setting/index');
  const section = page.getByTestId('two-step');
  await expect(page.getByTestId('two-step-state')).toHaveText('Off');
  await page.getByTestId('two-step-start').click();
  await expect(page.getByTestId('two-step-qr')).toBeVisible();
  const secret = (await page.getByTestId('two-step-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'two-step-enrol');

  // A wrong code first: the form shows the contract's rule, then the server's refusal.
  await page.getByTestId('two-step-code').locator('input').fill('12');
  await page.getByTestId('two-step-confirm').click();
  await expect(section.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await page.getByTestId('two-step-code').locator('input').fill(codeOf(secret));
  await page.getByTestId('two-step-confirm').click();

  const codes = page.getByTestId('recovery-code');
  await expect(codes).toHaveCount(10);
  await expect(page.getByTestId('two-step-state')).toHaveText('On');
  const recovery = (await codes.allTextContents()).map((code) => code.trim());
  for (const code of recovery) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await shoot(page, 'two-step-recovery-codes');
  await page.getByTestId('recovery-codes-done').click();
  await expect(codes).toHaveCount(0);
  await expect(page.getByTestId('two-step-off')).toBeVisible();

  await page.getByTestId('logout').click();
  await page.locator('.modal-confirm').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login$/);

  // The password alone is not enough now.
  await passwordStep(page, member.mail);
  await expect(page.getByTestId('second-step')).toBeVisible();
  await shoot(page, 'two-step-login');
  // The confirmation spent this period's code: it is refused, the next one opens the session.
  await page.getByTestId('second-step-code').locator('input').fill(codeOf(secret));
  await page.getByTestId('second-step-submit').click();
  await expect(toasts(page)).toContainText('This code has already been used');
  await page.getByTestId('second-step-code').locator('input').fill(codeOf(secret, 1));
  await page.getByTestId('second-step-submit').click();
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);

  // Off again with the password and a recovery code; then the password alone signs in.
  await page.goto('/#/pages/setting/index');
  await page.getByTestId('two-step-off').click();
  await page.getByTestId('two-step-password').locator('input').fill(memberPassword);
  await page
    .getByTestId('two-step-disable-code')
    .locator('input')
    .fill(recovery[0] ?? '');
  await shoot(page, 'two-step-disable');
  await page.getByTestId('two-step-disable-submit').click();
  await expect(page.getByTestId('two-step-state')).toHaveText('Off');
  await expect(page.getByTestId('two-step-start')).toBeVisible();
});
