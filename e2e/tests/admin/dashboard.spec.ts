import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, operatorSession } from '../api.ts';
import { investor, payPassword, registerMember } from '../members.ts';
import { openAs } from './back-office.ts';

// The dashboard is each role's work list (docs/admin.md, Dashboard): every queue the role decides,
// with its count and the age of its oldest item, each card leading to the queue filtered to waiting.
let api: APIRequestContext;
/** Screenshots looked at by hand: 1440x900. */
const shots = process.env.ADMIN_SHOTS ?? 'test-results/admin-dashboard-shots';

type Queue = { key: string; count: number; oldestAt: string | null };
const age = /oldest (under 1 min|\d+ (min|h|d))/;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

test('trading sees the block orders waiting with their count and age, and follows the card to them', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const trading = await operatorSession(api, 'trading');
  const member = await investor(api, '260000');
  await call(api, 'post', 'transfer/apply', member.token, { from: 'USDT', to: 'USD', amount: '250000', payPassword });
  const offer = await call<{ id: number }>(api, 'post', 'admin/blocktrade/offer/create', trading.token, {
    symbol: 'T',
    discount: '0.05',
    minQuantity: 10_000,
    maxQuantity: 20_000,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
  });
  const order = await call<{ id: number }>(api, 'post', 'blocktrade/order', member.token, {
    offerId: offer.id,
    quantity: 10_000,
    payPassword,
  });

  await openAs(page, trading, '/');
  const card = page.getByTestId('queue-blockOrder');
  await expect(card).toBeVisible();
  const board = await call<{ queues: Queue[] }>(api, 'get', 'admin/dashboard', trading.token);
  expect(board.queues.map((queue) => queue.key)).toEqual(['blockOrder', 'ipoAllotment']);
  const waiting = board.queues.find((queue) => queue.key === 'blockOrder');
  expect(waiting?.count).toBeGreaterThanOrEqual(1);
  await expect(card.locator('.ant-statistic-content-value')).toHaveText(String(waiting?.count));
  await expect(page.getByTestId('queue-blockOrder-age')).toHaveText(age);
  await expect(page.getByTestId('queue-ipoAllotment')).toBeVisible();
  // No money, KYC or chat queue for trading: it decides none of them.
  await expect(page.getByTestId('queue-deposit')).toHaveCount(0);
  await expect(page.getByTestId('queue-chat')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/trading-en.png` });

  await card.click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByTestId(`order-pass-${order.id}`)).toBeVisible();
});

test("the admin sees each market's price feed: the simulator's four markets, connected and live", async ({ page }) => {
  const admin = await operatorSession(api, 'admin');
  const board = await call<{ feeds: { market: string; source: string; state: string; stale: boolean }[] }>(
    api,
    'get',
    'admin/dashboard',
    admin.token,
  );
  expect(board.feeds.map((feed) => feed.market).sort()).toEqual(['EU', 'HK', 'JP', 'US']);

  await openAs(page, admin, '/');
  const feeds = page.getByTestId('feeds-table');
  await expect(feeds).toBeVisible();
  for (const market of ['US', 'HK', 'JP', 'EU']) {
    const row = feeds.locator(`tr[data-row-key="${market}"]`);
    await expect(row.locator('td').first()).toHaveText(market);
    await expect(row.getByTestId('feed-source')).toHaveText('Simulator');
    await expect(row.getByTestId('feed-state')).toHaveText('Connected');
    await expect(row.getByTestId('feed-stale')).toHaveText('Live');
  }
  await expect(feeds.locator('tbody tr.ant-table-row')).toHaveCount(4);
  await page.getByTestId('feeds').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/admin-feeds-en.png`, fullPage: true });

  // The same table in the back office's other language.
  await openAs(page, admin, '/', 'zh-CN');
  await expect(page.getByTestId('feeds').locator('.ant-card-head-title')).toHaveText('行情源');
  await expect(page.locator('tr[data-row-key="US"]').getByTestId('feed-state')).toHaveText('已连接');
});

test('support sees the chats waiting for an answer and opens them filtered to waiting', async ({ page }) => {
  const member = await registerMember(api);
  await call(api, 'post', 'support/message/send', member.token, { text: `Where is my deposit? (${member.uid})` });
  const support = await operatorSession(api, 'support');

  await openAs(page, support, '/');
  const card = page.getByTestId('queue-chat');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('queue-chat-age')).toHaveText(age);
  const board = await call<{ queues: Queue[] }>(api, 'get', 'admin/dashboard', support.token);
  expect(board.queues.map((queue) => queue.key)).toEqual(['chat']);
  await expect(card.locator('.ant-statistic-content-value')).toHaveText(String(board.queues[0]?.count));
  await page.screenshot({ path: `${shots}/support-en.png` });

  await card.click();
  await expect(page).toHaveURL(/\/admin\/support\?waiting=true$/);
  await expect(page.getByTestId('conversation').filter({ hasText: member.uid })).toBeVisible();

  // Answered, the chat leaves the queue.
  const list = await call<{ list: { id: number; uid: string | null }[] }>(
    api,
    'get',
    'admin/support/conversation/list?waiting=true&pageSize=100',
    support.token,
  );
  const chat = list.list.find((item) => item.uid === member.uid);
  expect(chat).toBeDefined();
  await call(api, 'post', 'admin/support/message/send', support.token, {
    conversationId: chat?.id,
    text: 'On its way.',
  });
  const after = await call<{ list: { uid: string | null }[] }>(
    api,
    'get',
    'admin/support/conversation/list?waiting=true&pageSize=100',
    support.token,
  );
  expect(after.list.map((item) => item.uid)).not.toContain(member.uid);
});
