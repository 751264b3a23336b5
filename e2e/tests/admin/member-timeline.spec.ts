import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { call, type Envelope, operatorSession } from '../api.ts';
import { depositUsdt, investor, payPassword, png, registerMember } from '../members.ts';
import { openAs } from './back-office.ts';

// The member page's KYC tab and timeline, and the member beside a KYC review and a chat (docs/admin.md, Members).
let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
});
test.afterAll(() => api.dispose());

/** A member who deposited (passed by admin), had withdrawals frozen with a reason, and submitted KYC. */
async function activeMember() {
  const member = await registerMember(api);
  await depositUsdt(api, member, '125');
  const admin = await operatorSession(api, 'admin');
  await call(api, 'post', 'admin/user/freeze', admin.token, { id: member.id, withdraw: true, reason: 'Card dispute' });
  const uploaded = await api.post('/api/v1/upload', {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: { file: { name: 'passport.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const front = ((await uploaded.json()) as Envelope<{ id: string }>).data.id;
  await call(api, 'post', 'kyc/submit', member.token, {
    docType: 'passport',
    firstName: 'Ada',
    lastName: 'Timeline',
    idNumber: 'P7654321',
    front,
  });
  const kyc = await call<{ list: { id: number }[] }>(api, 'get', `admin/kyc/list?uid=${member.uid}`, admin.token);
  return { member, kycId: kyc.list[0]?.id ?? 0 };
}

test('the member page shows the KYC submissions and one timeline of reviews, freezes and sign-ins', async ({
  page,
}) => {
  const { member } = await activeMember();
  await openAs(page, await operatorSession(api, 'admin'), `/members/${member.uid}?tab=kyc`);
  const kyc = page.getByTestId('member-kyc');
  const submission = kyc.locator('tbody tr').filter({ hasText: 'Ada Timeline' });
  await expect(submission).toContainText('P7654321');
  await expect(submission).toContainText('Passport');
  await expect(submission.getByTestId('member-kyc-image')).toBeVisible();
  // The row opens the KYC queue's drawer, the member beside it.
  await submission.click();
  const review = page.getByTestId('kyc-review');
  await expect(review.getByTestId('kyc-pass')).toBeVisible();
  await expect(review.getByTestId('member-context')).toContainText(member.uid);
  await review.locator('.ant-drawer-close').click();
  await expect(review).toBeHidden();

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(/tab=timeline/);
  const rows = page.getByTestId('member-timeline').locator('tbody tr');
  // Newest first: the freeze, the deposit's review, the sign-in of the registration.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Freeze');
  await expect(rows.nth(0)).toContainText('withdrawals · Card dispute');
  await expect(rows.nth(0)).toContainText('admin');
  await expect(rows.nth(1)).toContainText('Review');
  await expect(rows.nth(1)).toContainText('Reviewed a deposit');
  await expect(rows.nth(1)).toContainText(/125(\.0+)? USDT · passed/);
  await expect(rows.nth(2)).toContainText('Sign-in');

  // In Chinese, the kinds and outcomes are words too.
  await openAs(page, await operatorSession(api, 'admin'), `/members/${member.uid}?tab=timeline`, 'zh-CN');
  await expect(rows.nth(0)).toContainText('冻结');
  await expect(rows.nth(1)).toContainText('通过');
  await expect(rows.nth(2)).toContainText('登录');
});

test('the member-context panel is beside a KYC review and a member’s chat; a guest’s chat says it has no member', async ({
  page,
}) => {
  const { member, kycId } = await activeMember();
  const compliance = await operatorSession(api, 'compliance');
  await openAs(page, compliance, `/kyc?open=${kycId}`);
  const review = page.getByTestId('kyc-review');
  const context = review.getByTestId('member-context');
  await expect(context).toContainText(member.uid);
  await expect(context).toContainText('Withdrawals frozen');
  await expect(context).toContainText('125');

  const question = `Where is my KYC? (${member.uid})`;
  await call(api, 'post', 'support/message/send', member.token, { text: question });
  const guestId = randomBytes(16).toString('hex');
  await call(api, 'post', 'support/guest/message/send', '', { guestId, text: `A guest asks (${member.uid})` });

  await openAs(page, await operatorSession(api, 'support'), '/support');
  await page.getByTestId('conversation').filter({ hasText: question }).click();
  await expect(page.getByTestId('admin-thread')).toContainText(question);
  await expect(page.getByTestId('member-context')).toContainText(member.uid);
  await expect(page.getByTestId('member-context')).toContainText('Withdrawals frozen');

  await page
    .getByTestId('conversation')
    .filter({ hasText: `A guest asks (${member.uid})` })
    .click();
  await expect(page.getByTestId('admin-thread')).toContainText(`A guest asks (${member.uid})`);
  await expect(page.getByTestId('member-context-guest')).toBeVisible();
  await expect(page.getByTestId('member-context')).toHaveCount(0);
});

test('the member-context panel is beside a block order opened from the queue', async ({ page }) => {
  const member = await investor(api, '16000');
  await call(api, 'post', 'transfer/apply', member.token, { from: 'USDT', to: 'USD', amount: '15000', payPassword });
  const trading = await operatorSession(api, 'trading');
  const now = Date.now();
  const offer = await call<{ id: number }>(api, 'post', 'admin/blocktrade/offer/create', trading.token, {
    symbol: 'T',
    price: '1.00',
    minQuantity: 10_000,
    maxQuantity: 10_000,
    opensAt: new Date(now - 60_000).toISOString(),
    closesAt: new Date(now + 3_600_000).toISOString(),
  });
  const order = await call<{ id: number }>(api, 'post', 'blocktrade/order', member.token, {
    offerId: offer.id,
    quantity: 10_000,
    payPassword,
  });
  try {
    await openAs(page, trading, '/orders');
    await page.getByTestId(`order-offer-${order.id}`).click();
    const review = page.getByTestId('order-review');
    await expect(review).toContainText('10,000');
    await expect(review.getByTestId('member-context')).toContainText(member.uid);
    await expect(page).toHaveURL(new RegExp(`open=${order.id}`));
  } finally {
    await call(api, 'post', 'admin/order/review', trading.token, { id: order.id, status: 2, reason: 'Test over' });
    await call(api, 'post', 'admin/blocktrade/offer/close', trading.token, { id: offer.id });
  }
});
