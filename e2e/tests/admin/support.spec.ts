import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { registerMember } from '../members.ts';
import { openAs } from './back-office.ts';

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

type Thread = { list: { from: 'member' | 'operator'; text: string | null }[] };

test('an operator answers a member in the chat console; the member’s next message arrives live', async ({ page }) => {
  const member = await registerMember(api);
  const question = `My withdrawal is late (${member.uid})`;
  await call(api, 'post', 'support/message/send', member.token, { text: question });

  await openAs(page, await operatorSession(api, 'admin'), '/support');
  const conversation = page.getByTestId('conversation').filter({ hasText: member.uid });
  await expect(conversation.getByTestId('conversation-unread')).toHaveText('1');
  await conversation.click();
  const thread = page.getByTestId('admin-thread');
  await expect(thread.getByTestId('admin-chat-member')).toContainText(question);
  // Reading the chat marks the member's message seen.
  await expect(conversation.getByTestId('conversation-unread')).not.toHaveText('1');

  const answer = 'We sent it an hour ago; it is on the chain now.';
  await page.getByTestId('admin-chat-input').fill(answer);
  await page.getByTestId('admin-chat-send').click();
  await expect(thread.getByTestId('admin-chat-operator')).toContainText(answer);
  await expect(page.getByTestId('admin-chat-input')).toHaveValue('');

  // The member reads the answer from the desk.
  const seen = await call<Thread>(api, 'get', 'support/message/list?limit=50', member.token);
  expect(seen.list.map((message) => [message.from, message.text])).toEqual([
    ['member', question],
    ['operator', answer],
  ]);

  // Heard on the desk's topic: the member's reply shows without a reload.
  await call(api, 'post', 'support/message/send', member.token, { text: 'Thank you, found it.' });
  await expect(thread.getByTestId('admin-chat-member').last()).toContainText('Thank you, found it.');
});
