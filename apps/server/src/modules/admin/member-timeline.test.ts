import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createMember, createOperator, expectLedgerVerified, fund, type Headers } from '../../test/wallet.ts';

// The member page's timeline (docs/admin.md, Members): audit entries about the member and their sign-ins.
let t: TestApp;
let compliance: { headers: Headers; operator: { username: string } };
let finance: { headers: Headers; operator: { username: string } };
let support: { headers: Headers };
let trading: { headers: Headers };

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(`${tmpdir()}/soar-timeline-`) });
  compliance = await createOperator(t.app, { role: 'compliance' });
  finance = await createOperator(t.app, { role: 'finance' });
  support = await createOperator(t.app, { role: 'support' });
  trading = await createOperator(t.app, { role: 'trading' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const timeline = (uid: string, headers: Headers, page = 1, pageSize = 20) =>
  api(t.app).get(`admin/user/timeline?uid=${uid}&page=${page}&pageSize=${pageSize}`, { headers });

async function post(path: string, body: object, headers: Headers) {
  const response = await api(t.app).post(path, body, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('a member’s timeline', () => {
  it('lists reviews, freezes, adjustments and sign-ins about the member, newest first, by page', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    await fund(t.app, member, finance, '100');
    await fund(t.app, other, finance, '5');
    await post('admin/user/freeze', { id: member.user.id, withdraw: true, reason: 'Card dispute' }, compliance.headers);
    await post(
      'admin/user/freeze',
      { id: member.user.id, withdraw: false, reason: 'Dispute settled' },
      compliance.headers,
    );
    await post(
      'admin/adjustment/create',
      { uid: member.user.uid, currency: 'USDT', direction: 'debit', amount: '2.5', reason: 'Fee refund reversed' },
      finance.headers,
    );
    await t.app.db.insert(sessions).values({
      userId: member.user.id,
      tokenHash: 'timeline-second-device',
      ip: '203.0.113.9',
      userAgent: 'Phone/1',
      expiresAt: new Date(Date.now() + 60_000),
    });

    const response = await timeline(member.user.uid, support.headers);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.total).toBe(6);
    expect(data.list).toMatchObject([
      { kind: 'signIn', operatorName: null, ip: '203.0.113.9', userAgent: 'Phone/1' },
      {
        kind: 'adjustment',
        action: 'adjustment.create',
        operatorName: finance.operator.username,
        amount: '-2.5',
        currency: 'USDT',
        note: 'Fee refund reversed',
      },
      {
        kind: 'unfreeze',
        action: 'member.freeze',
        operatorName: compliance.operator.username,
        flags: ['withdraw'],
        note: 'Dispute settled',
        record: { entity: 'member', id: String(member.user.id) },
      },
      { kind: 'freeze', flags: ['withdraw'], note: 'Card dispute' },
      {
        kind: 'review',
        action: 'deposit.review',
        operatorName: finance.operator.username,
        outcome: 'passed',
        amount: '100',
        currency: 'USDT',
      },
      { kind: 'signIn', key: `session:${member.sessionId}` },
    ]);
    const times = data.list.map((item: { time: string }) => Date.parse(item.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Nothing of the other member's, whose deposit was reviewed in between.
    expect(data.list.filter((item: { amount: string | null }) => item.amount === '5')).toEqual([]);

    const second = (await timeline(member.user.uid, finance.headers, 2, 4)).json().data;
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(second.list.map((item: { key: string }) => item.key)).toEqual(
      data.list.slice(4).map((item: { key: string }) => item.key),
    );
  });

  it('is for the roles that see member detail, and a UID nobody has is not found', async () => {
    const member = await createMember(t.app);
    expect((await timeline(member.user.uid, compliance.headers)).statusCode).toBe(200);
    const refused = await timeline(member.user.uid, trading.headers);
    expect(refused.statusCode, refused.body).toBe(403);
    const missing = await timeline('99999999', support.headers);
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const bad = await api(t.app).get('admin/user/timeline?uid=12&page=1&pageSize=20', { headers: support.headers });
    expect(bad.statusCode, bad.body).toBe(422);
  });
});
