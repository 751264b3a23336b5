import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { mailDirEnv } from '../smtp.ts';
import { login, memberPassword, openSignedIn, registerMember } from './members.ts';

/** For a person to look at (test-results/): light and dark at 390x844. */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The sign-out link token of the latest new-sign-in mail to `address` (quoted-printable decoded). */
function signOutToken(address: string): string | undefined {
  const dir = process.env[mailDirEnv] ?? '';
  const suffix = `-${address.replace(/[^\w.@-]/g, '_')}.eml`;
  const texts = readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
    .map((name) =>
      readFileSync(path.join(dir, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
  return texts
    .filter((text) => text.includes('revoke?token='))
    .at(-1)
    ?.match(/revoke\?token=([\w-]+)/)?.[1];
}

test('a member signs out every other session from settings and this one stays', async ({ page, request }) => {
  const member = await registerMember(request);
  const others = [await login(request, member.mail, memberPassword), await login(request, member.mail, memberPassword)];
  await openSignedIn(page, member.token, '/pages/setting/index');
  await expect(page.getByTestId('session-other')).toHaveCount(2);
  await page.getByTestId('logout-others').scrollIntoViewIfNeeded();
  await shoot(page, 'sessions-before');
  await page.getByTestId('logout-others').click();
  await expect(page.getByText('Every other device is signed out at once; this one stays signed in.')).toBeVisible();
  await page.locator('.modal-confirm').click();
  await expect(page.getByText('Other sessions signed out: 2')).toBeVisible();
  await expect(page.getByTestId('session-other')).toHaveCount(0);
  await expect(page.getByTestId('session-current')).toHaveCount(1);
  for (const token of others) {
    const answer = await request.get('/api/v1/member/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(401);
  }
  await shoot(page, 'sessions-after');
});

test('a member sets the anti-phishing phrase in settings', async ({ page, request }) => {
  const member = await registerMember(request);
  await openSignedIn(page, member.token, '/pages/setting/index');
  const section = page.getByTestId('mail-phrase');
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('mail-phrase-current')).toHaveText('Not set');
  await page.getByTestId('mail-phrase-input').locator('input').fill('   ');
  await page.getByTestId('mail-phrase-save').click();
  await expect(
    section.getByText('The phrase has 1 to 32 printable characters (no control characters or line breaks)'),
  ).toBeVisible();
  await page.getByTestId('mail-phrase-input').locator('input').fill('blue falcon 42');
  await page.getByTestId('mail-phrase-save').click();
  await expect(page.getByTestId('mail-phrase-current')).toHaveText('blue falcon 42');
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'mail-phrase');
});

test('the link of a new-sign-in mail signs that session out, once, without signing in', async ({ page, request }) => {
  const member = await registerMember(request);
  const intruder = await login(request, member.mail, memberPassword);
  await expect.poll(() => signOutToken(member.mail), { message: 'a new-sign-in mail' }).toBeTruthy();
  const token = signOutToken(member.mail) ?? '';
  await page.goto(`/#/pages/session/revoke?token=${token}`);
  await expect(page.getByTestId('revoke-link-done')).toBeVisible();
  await shoot(page, 'sign-out-link-done');
  const answer = await request.get('/api/v1/member/profile', { headers: { authorization: `Bearer ${intruder}` } });
  expect(answer.status()).toBe(401);
  await page.reload();
  await expect(page.getByTestId('revoke-link-refused')).toContainText('This sign-out link no longer works');
  await shoot(page, 'sign-out-link-refused');
});
