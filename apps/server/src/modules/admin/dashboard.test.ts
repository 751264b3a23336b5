import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ipoOffers,
  kycApplications,
  supportConversations,
  supportMessages,
  tradeOrders,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createMember, createOperator, type Headers } from '../../test/wallet.ts';

// The dashboard reads "now" from the runner's clock: the IPO queue holds offers whose window has
// closed by then.
const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);

let t: TestApp;
const role: Record<string, { headers: Headers }> = {};
beforeAll(async () => {
  t = await createTestApp({}, { jobs: { clock: () => now.getTime() } });
  for (const name of ['admin', 'finance', 'compliance', 'trading', 'support'] as const) {
    role[name] = await createOperator(t.app, { role: name });
  }
  const members = await Promise.all([1, 2, 3].map(() => createMember(t.app)));
  const [first, second, third] = members.map((member) => member.user.id) as [number, number, number];

  await t.app.db.insert(kycApplications).values([
    {
      userId: first,
      docType: 'passport',
      firstName: 'Ann',
      lastName: 'Lee',
      idNumber: 'P1',
      front: 'f1',
      submittedAt: hoursAgo(5),
    },
    {
      userId: second,
      docType: 'passport',
      firstName: 'Bo',
      lastName: 'Ma',
      idNumber: 'P2',
      front: 'f2',
      submittedAt: hoursAgo(2),
    },
    // Decided: no longer waiting.
    {
      userId: third,
      docType: 'passport',
      firstName: 'Cy',
      lastName: 'Ng',
      idNumber: 'P3',
      front: 'f3',
      status: 1,
      submittedAt: hoursAgo(30),
    },
  ]);

  const blockOrder = {
    symbol: 'AAPL',
    market: 'US',
    currency: 'USD',
    type: 'market',
    direction: 'buy',
    quantity: 10_000,
    timeInForce: 'day',
    block: true,
  };
  await t.app.db.insert(tradeOrders).values([
    { ...blockOrder, userId: first, status: 'pending', waitingFor: 'review', createdAt: hoursAgo(3) },
    { ...blockOrder, userId: second, status: 'pending', waitingFor: 'review', createdAt: hoursAgo(1) },
    { ...blockOrder, userId: third, status: 'filled', createdAt: hoursAgo(48) },
    // Waiting for its price, not for an operator.
    { ...blockOrder, userId: third, status: 'pending', waitingFor: 'price', createdAt: hoursAgo(72) },
  ]);

  const offer = (code: string, endTime: Date, allottedAt: Date | null = null) => ({
    code,
    symbol: code.toUpperCase(),
    name: code,
    market: 'US',
    currency: 'USDT',
    lotSize: 100,
    minLots: 1,
    maxLots: 5,
    sharesOffered: 1000,
    priceMin: '10',
    priceMax: '12',
    fee: '5',
    startTime: new Date(endTime.getTime() - 4 * 24 * 60 * 60 * 1000),
    endTime,
    allotmentTime: new Date(endTime.getTime() + 24 * 60 * 60 * 1000),
    listingTime: new Date(endTime.getTime() + 2 * 24 * 60 * 60 * 1000),
    seed: '00'.repeat(32),
    seedHash: 'ff'.repeat(32),
    allottedAt,
  });
  await t.app.db
    .insert(ipoOffers)
    .values([
      offer('closed', hoursAgo(6)),
      offer('open', new Date(now.getTime() + 60 * 60 * 1000)),
      offer('done', hoursAgo(50), hoursAgo(26)),
    ]);

  // Three chats: one answered, one whose member wrote twice after the answer, one guest's unanswered.
  const [answered, asked, guest] = await t.app.db
    .insert(supportConversations)
    .values([{ userId: first }, { userId: second }, { guestHash: 'g'.repeat(64) }])
    .returning();
  if (!answered || !asked || !guest) throw new Error('insert returned no conversation');
  await t.app.db.insert(supportMessages).values([
    { conversationId: answered.id, sender: 'member', text: 'hi', createdAt: hoursAgo(9) },
    { conversationId: answered.id, sender: 'operator', text: 'hello', createdAt: hoursAgo(8) },
    { conversationId: asked.id, sender: 'member', text: 'one', createdAt: hoursAgo(7) },
    { conversationId: asked.id, sender: 'operator', text: 'yes', createdAt: hoursAgo(6) },
    { conversationId: asked.id, sender: 'member', text: 'two', createdAt: hoursAgo(4) },
    { conversationId: asked.id, sender: 'member', text: 'three', createdAt: hoursAgo(1) },
    { conversationId: guest.id, sender: 'member', text: 'guest', createdAt: hoursAgo(2) },
  ]);
});
afterAll(() => t.close());

type Queue = { key: string; count: number; oldestAt: string | null };

async function queues(who: string): Promise<Queue[]> {
  const response = await api(t.app).get('admin/dashboard', { headers: role[who]?.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.queues;
}

describe('the dashboard is each role’s work list', () => {
  it('shows trading the block orders and the IPOs waiting for allotment, each with its oldest item', async () => {
    expect(await queues('trading')).toEqual([
      { key: 'blockOrder', count: 2, oldestAt: hoursAgo(3).toISOString() },
      { key: 'ipoAllotment', count: 1, oldestAt: hoursAgo(6).toISOString() },
    ]);
  });

  it('shows compliance the KYC queue, oldest submission first', async () => {
    expect(await queues('compliance')).toEqual([{ key: 'kyc', count: 2, oldestAt: hoursAgo(5).toISOString() }]);
  });

  it('shows support the chats whose last message is the member’s, waiting since the first unanswered one', async () => {
    expect(await queues('support')).toEqual([{ key: 'chat', count: 2, oldestAt: hoursAgo(4).toISOString() }]);
    // The card's page, filtered to waiting, lists the same two chats.
    const waiting = await api(t.app).get('admin/support/conversation/list?waiting=true', {
      headers: role.support?.headers,
    });
    expect(waiting.json().data.total).toBe(2);
    const all = await api(t.app).get('admin/support/conversation/list', { headers: role.support?.headers });
    expect(all.json().data.total).toBe(3);
  });

  it('shows finance its money queues, empty ones with no oldest time', async () => {
    expect(await queues('finance')).toEqual([
      { key: 'deposit', count: 0, oldestAt: null },
      { key: 'withdraw', count: 0, oldestAt: null },
      { key: 'adjustment', count: 0, oldestAt: null },
      { key: 'loan', count: 0, oldestAt: null },
    ]);
  });

  it('shows admin every queue', async () => {
    expect((await queues('admin')).map((queue) => queue.key)).toEqual([
      'deposit',
      'withdraw',
      'adjustment',
      'loan',
      'kyc',
      'blockOrder',
      'ipoAllotment',
      'chat',
    ]);
  });

  it('lets each role open the queues it is shown: the decision calls allow it', async () => {
    const pages: Record<string, string> = {
      blockOrder: 'admin/order/list',
      ipoAllotment: 'admin/ipo/offer/list',
      kyc: 'admin/kyc/list?status=0',
      chat: 'admin/support/conversation/list',
    };
    for (const who of ['trading', 'compliance', 'support']) {
      for (const queue of await queues(who)) {
        const path = pages[queue.key];
        if (!path) throw new Error(`no page for ${queue.key}`);
        expect((await api(t.app).get(path, { headers: role[who]?.headers })).statusCode).toBe(200);
      }
    }
    expect((await api(t.app).get('admin/order/list', { headers: role.support?.headers })).statusCode).toBe(403);
  });
});
