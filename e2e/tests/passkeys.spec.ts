import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { call } from './api.ts';
import { type Member, memberPassword, registerMember } from './members.ts';

/**
 * Passkeys (docs/identity.md, Passkeys) with Chromium's virtual authenticator: a platform
 * authenticator (internal, resident keys, user verification) the DevTools protocol adds. WebAuthn
 * needs a secure context, which http is only on localhost: the app is opened there, at the origin
 * the server's PUBLIC_ORIGIN names (playwright.config.ts), not at baseURL's 127.0.0.1.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A toast saying `text` (others may still be on screen). */
const toast = (page: Page, text: string) => page.locator('.toast:not(.toast-loading)', { hasText: text });
const localOrigin = (baseURL: string | undefined) => (baseURL ?? '').replace('127.0.0.1', 'localhost');

async function passwordStep(page: Page, mail: string) {
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.getByTestId('mail').locator('input').fill(mail);
  await page.getByTestId('password').locator('input').fill(memberPassword);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page, origin: string) {
  await page.goto(`${origin}/#/pages/setting/index`);
  await page.getByTestId('logout').click();
  await page.locator('.modal-confirm').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login$/);
}

const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30, algorithm: 'sha1', digits: 6, period: 30 });

/** Signed in with the password (and the app's code when `secret` is given), the member adds a passkey in settings. */
async function addPasskey(page: Page, origin: string, member: Member, name: string, secret?: string) {
  await page.goto(`${origin}/#/pages/auth/login`);
  await passwordStep(page, member.mail);
  if (secret) {
    // The confirmation spent this period's code: the next one.
    await page.getByTestId('second-step-code').locator('input').fill(codeOf(secret, 1));
    await page.getByTestId('second-step-submit').click();
  }
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);
  await page.goto(`${origin}/#/pages/setting/index`);
  await expect(page.getByTestId('passkeys-count')).toHaveText('None');
  await page.getByTestId('to-passkeys').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible();
  await expect(page.getByTestId('passkeys-empty')).toBeVisible();
  await page.getByTestId('passkey-add').click();
  await page.getByTestId('passkey-password').locator('input').fill(memberPassword);
  await page.getByTestId('passkey-name-input').locator('input').fill(name);
  await page.getByTestId('passkey-submit').click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  await expect(page.getByTestId('passkey-name')).toHaveText([name]);
}

test('a member adds a passkey in settings, signs out, signs in with it alone, renames and removes it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = localOrigin(baseURL);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const member = await registerMember(request);
  await addPasskey(page, origin, member, 'Test phone');
  await expect(page.getByTestId('passkey')).toContainText('Not used yet');
  // A discoverable credential for Soar's relying party id: the device offers it without a name typed.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`passkeys-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await signOut(page, origin);
  await page.getByTestId('passkey-sign-in').click();
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);

  await page.goto(`${origin}/#/pages/setting/index`);
  await expect(page.getByTestId('passkeys-count')).toHaveText('1');
  await page.getByTestId('to-passkeys').click();
  await expect(page.getByTestId('passkey')).toContainText('Last used');
  await page.getByTestId('passkey-rename').click();
  await page.getByTestId('passkey-rename-input').locator('input').fill('Work laptop');
  await page.getByTestId('passkey-submit').click();
  await expect(page.getByTestId('passkey-name')).toHaveText(['Work laptop']);

  await page.getByTestId('passkey-remove').click();
  await expect(page.getByTestId('passkey-remove-form')).toContainText('“Work laptop”');
  await page.getByTestId('passkey-remove-password').locator('input').fill('wrong-pass');
  await page.getByTestId('passkey-submit').click();
  await expect(toast(page, 'The current password is wrong')).toBeVisible();
  await page.getByTestId('passkey-remove-password').locator('input').fill(memberPassword);
  await page.getByTestId('passkey-submit').click();
  await expect(toast(page, 'Passkey removed')).toBeVisible();
  await expect(page.getByTestId('passkeys-empty')).toBeVisible();

  // The device still holds it, but Soar no longer knows it.
  await signOut(page, origin);
  await page.getByTestId('passkey-sign-in').click();
  await expect(toast(page, 'This passkey is not registered with your Soar account')).toBeVisible();
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('with two-step sign-in on, the second step takes the passkey instead of a code', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = localOrigin(baseURL);
  await virtualAuthenticator(page);
  const member = await registerMember(request);
  const { secret } = await call<{ secret: string }>(request, 'post', 'member/totp/enrol', member.token, {});
  await call(request, 'post', 'member/totp/confirm', member.token, { code: codeOf(secret) });
  await addPasskey(page, origin, member, 'Phone', secret);
  await signOut(page, origin);
  await passwordStep(page, member.mail);
  await expect(page.getByTestId('second-step')).toBeVisible();
  await page.getByTestId('second-step-passkey').click();
  await expect(page).toHaveURL(/#\/pages\/main\/profile\/index$/);
});
