import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { call, operatorSession } from './api.ts';
import { mailCount, mailFor } from './mail.ts';
import { type Member, registerMember } from './members.ts';

/** Opens the app signed in as `member` (the session store's own shape). */
async function signIn(page: Page, member: Member) {
  const stored = JSON.stringify({
    state: { token: member.token, userInfo: { uid: member.uid }, isLogined: true },
    version: 0,
  });
  await page.addInitScript((value) => localStorage.setItem('soar-session', value), stored);
}

/** The member writes to customer service and the support desk answers: a `supportReply` notice. */
async function supportAnswers(request: APIRequestContext, member: Member, text: string) {
  const sent = await call<{ conversationId: number }>(request, 'post', 'support/message/send', member.token, {
    text: 'Is my deposit in?',
  });
  const support = await operatorSession(request, 'support');
  await call(request, 'post', 'admin/support/message/send', support.token, {
    conversationId: sent.conversationId,
    text,
  });
}

const emailSwitch = (page: Page, kind: string) => page.getByTestId(`switch-${kind}-email`);

test('email for a kind stays on after a reload, is mailed, and the mail’s link turns it off', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerMember(request);
  await signIn(page, member);
  await page.goto('/#/pages/setting/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByTestId('notification-account')).toContainText('Always on');
  await expect(emailSwitch(page, 'support')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('switch-support-push')).toHaveAttribute('aria-checked', 'true');

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/notification/settings'));
  await emailSwitch(page, 'support').click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(emailSwitch(page, 'support')).toHaveAttribute('aria-checked', 'true');
  await expect(emailSwitch(page, 'fills')).toHaveAttribute('aria-checked', 'false');

  // A support answer: popped in the open app (in the app is on), and mailed (email is on).
  const before = mailCount(member.mail);
  await supportAnswers(request, member, 'Yes, it was credited this morning.');
  await expect(page.getByTestId('live-notice')).toContainText('Customer service answered');
  await expect(page.getByTestId('live-notice')).toContainText('Yes, it was credited this morning.');
  const mail = await mailFor(member.mail, before);
  expect(mail.text).toContain('Yes, it was credited this morning.');
  expect(mail.headers).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/api\/v1\/notification\/unsubscribe\?token=/m);
  expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const link = mail.text.match(/http:\/\/\S+(\/#\/pages\/setting\/unsubscribe\?token=[\w.-]+)/)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link ?? '');
  await expect(page.getByTestId('unsubscribe-done')).toContainText('You will no longer get email for Support replies.');
  await page.getByTestId('unsubscribe-settings').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(emailSwitch(page, 'support')).toHaveAttribute('aria-checked', 'false');
});

test('a kind with "in the app" off reaches the inbox without popping', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerMember(request);
  await call(request, 'post', 'notification/settings', member.token, { support: { inApp: false } });
  await signIn(page, member);
  await page.goto('/#/pages/main/profile/index');
  await expect(page.getByTestId('nav-notice')).toBeVisible();
  await supportAnswers(request, member, 'We have answered.');
  await expect(page.getByTestId('notice-badge')).toContainText('1');
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('live-notice')).toHaveCount(0);
});

test('a forged unsubscribe link says so, and changes nothing', async ({ page }) => {
  await page.goto(`/#/pages/setting/unsubscribe?token=1.fills.${'A'.repeat(43)}`);
  await expect(page.getByTestId('unsubscribe-refused')).toContainText('This unsubscribe link is not valid');
});
