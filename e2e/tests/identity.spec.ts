import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { call, operatorSession } from './api.ts';
import { openSignedIn, png, registerMember } from './members.ts';

// Each test registers its own member: KYC and the inbox belong to one account, and the demo
// member is shared with other specs.

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

/** antd-mobile puts a test id on the input or on its wrapper, depending on the component. */
const field = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

test('KYC with ID card photos goes under review; the operator passes it and the notice badge counts it live', async ({
  page,
}) => {
  const member = await registerMember(api);
  await openSignedIn(page, member.token, '/pages/kycverify/index');
  await expect(page.getByTestId('kyc-state')).toHaveText('Not verified', { timeout: 20_000 });
  await page.getByTestId('kyc-choose-idcard').click();

  const form = page.getByTestId('kyc-form-idcard');
  await expect(form).toBeVisible();
  await form.getByTestId('kyc-submit').click();
  await expect(form.getByText('First name is required')).toBeVisible();

  await field(page, 'kyc-firstName').fill('Ada');
  await field(page, 'kyc-lastName').fill('Lovelace');
  await field(page, 'kyc-idNumber').fill('E2E1234567');
  await page.getByTestId('kyc-front-input').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('kyc-front-done')).toBeAttached();
  await page.getByTestId('kyc-back-input').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('kyc-back-done')).toBeAttached();
  await form.getByTestId('kyc-submit').click();

  await expect(page).toHaveURL(/kycverify\/index/);
  await expect(page.getByTestId('kyc-state')).toHaveText('Under review');
  await expect(page.getByTestId('kyc-overview')).toContainText('24 hours');

  // The profile carries the notice icon; nothing is unread yet.
  await page.goto('/#/pages/main/profile/index');
  // antd-mobile draws the badge only with a count.
  const bell = page.getByTestId('nav-notice');
  const badge = bell.locator('.adm-badge-content');
  await expect(page.getByTestId('vip-badge')).toBeVisible();
  await expect(badge).toHaveCount(0);

  const compliance = await operatorSession(api, 'admin');
  const queue = await call<{ list: { id: number; userId: number }[] }>(
    api,
    'get',
    'admin/kyc/list?status=0&page=1&pageSize=100',
    compliance.token,
  );
  const application = queue.list.find((item) => item.userId === member.id);
  expect(application, 'the submission is in the operators’ queue').toBeDefined();
  await call(api, 'post', 'admin/kyc/review', compliance.token, { id: application?.id, status: 1 });

  // Heard over the socket: no reload.
  await expect(badge).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notices (1 unread)');
  await bell.click();
  const inbox = page.getByTestId('inbox');
  await expect(inbox.getByTestId('notice-item').first()).toContainText('Identity verified');
  await inbox.getByTestId('read-all').click();
  await expect(badge).toHaveCount(0);
});

test('a chat message reaches the desk and the operator’s answer shows live', async ({ page }) => {
  const member = await registerMember(api);
  await openSignedIn(page, member.token, '/pages/main/profile/index');
  await page.getByTestId('nav-customer').click();
  const chat = page.getByTestId('support-chat');
  await expect(chat).toBeVisible();
  const question = `Where is my deposit? ${member.uid}`;
  await chat.getByTestId('chat-input').fill(question);
  await chat.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-member').last()).toContainText(question);
  await expect(chat.getByTestId('chat-input')).toHaveValue('');

  const support = await operatorSession(api, 'admin');
  const conversations = await call<{ list: { id: number; uid: string | null; lastText: string }[] }>(
    api,
    'get',
    'admin/support/conversation/list?page=1&pageSize=100',
    support.token,
  );
  const conversation = conversations.list.find((item) => item.uid === member.uid);
  expect(conversation?.lastText).toBe(question);
  const answer = 'It is being reviewed and will be credited within the hour.';
  await call(api, 'post', 'admin/support/message/send', support.token, {
    conversationId: conversation?.id,
    text: answer,
  });
  await expect(chat.getByTestId('chat-operator')).toContainText(answer);
});
