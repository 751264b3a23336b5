import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, credit, place, tick } from '../../test/trade-kit.ts';
import {
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
  walletMember,
} from '../../test/wallet.ts';
import { TestClient } from '../../test/ws-client.ts';

// The member detail's positions, ledger and sessions tabs (docs/admin.md, Members).
// AAPL at a last of 100.00: ask 100.01, bid 99.99; at 105.00 the bid is 104.99. US fees 1.5 an order.
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let compliance: { headers: Headers; operator: { id: number } };
let finance: { headers: Headers; operator: { id: number } };
let support: { headers: Headers };
let trading: { headers: Headers };
const sockets: TestClient[] = [];

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  compliance = await createOperator(t.app, { role: 'compliance' });
  finance = await createOperator(t.app, { role: 'finance' });
  support = await createOperator(t.app, { role: 'support' });
  trading = await createOperator(t.app, { role: 'trading' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** Another live session of the member, as a second device would open it. */
async function secondSession(userId: number, userAgent: string) {
  const token = newToken();
  const [row] = await t.app.db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      ip: '203.0.113.7',
      userAgent,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    })
    .returning();
  if (!row) throw new Error('insert returned no session');
  return { id: row.id, headers: { authorization: `Bearer ${token}` }, token };
}

/** A socket signed in with the member's token and subscribed to their balance. */
async function signedInSocket(token: string) {
  const socket = await TestClient.connect(t.app, `?token=${token}`);
  sockets.push(socket);
  await socket.request({ op: 'sub', topics: ['balance'] });
  return socket;
}

const signedOut = (socket: TestClient) =>
  socket.next((frame) => frame.op === 'auth' && (frame as { ok?: boolean }).ok === false);

describe('a member’s positions for operators', () => {
  it('lists open positions with floating P/L and closed ones with realised P/L, newest first, by page', async () => {
    const member = await createMember(t.app);
    await credit(t.app, member.user.id, 'USD', '100000');
    await tick(t.app, 'AAPL', '100.00');
    const first = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'market',
      direction: 'buy',
      quantity: 10,
    });
    const second = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'market',
      direction: 'buy',
      quantity: 5,
    });
    const third = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'market',
      direction: 'buy',
      quantity: 10,
    });
    await tick(t.app, 'AAPL', '105.00');
    const close = await api(t.app).post('order/close', { positionId: third.positionId }, { headers: member.headers });
    expect(close.statusCode, close.body).toBe(200);

    const open = await api(t.app).get(`admin/user/positions?id=${member.user.id}&pageSize=1`, {
      headers: support.headers,
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(open.json().data.list).toEqual([
      expect.objectContaining({ id: second.positionId, status: 'open', quantity: 5, floatingPnl: '24.9' }),
    ]);
    const older = await api(t.app).get(`admin/user/positions?id=${member.user.id}&status=open&page=2&pageSize=1`, {
      headers: trading.headers,
    });
    expect(older.json().data.list.map((row: { id: number }) => row.id)).toEqual([first.positionId]);
    const closed = await api(t.app).get(`admin/user/positions?id=${member.user.id}&status=closed`, {
      headers: finance.headers,
    });
    expect(closed.json().data.total).toBe(1);
    // (104.99 - 100.01) x 10 = 49.80, less the closing fee 1.5
    expect(closed.json().data.list[0]).toMatchObject({
      id: third.positionId,
      status: 'closed',
      quantity: 0,
      closedQuantity: 10,
      realisedPnl: '48.3',
      floatingPnl: null,
    });
    const someoneElse = await createMember(t.app);
    const none = await api(t.app).get(`admin/user/positions?id=${someoneElse.user.id}`, {
      headers: compliance.headers,
    });
    expect(none.json().data).toMatchObject({ list: [], total: 0 });
  });
});

describe('a member’s ledger lines for operators', () => {
  it('filters by currency and by balance bucket, newest first, by page; support may not read it', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, finance, '300', 'USDT');
    const withdrawal = await api(t.app).post(
      'withdraw/apply',
      {
        amount: '100',
        currency: 'USDT',
        walletId: member.walletId,
        payPassword,
      },
      { headers: member.headers },
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const ledger = (query: string, headers = compliance.headers) =>
      api(t.app).get(`admin/user/ledger?id=${member.user.id}&${query}`, { headers: headers });

    const frozen = await ledger('account=frozen');
    expect(frozen.json().data.list).toEqual([
      expect.objectContaining({ type: 'withdraw_freeze', account: 'frozen', amount: '101', currency: 'USDT' }),
    ]);
    const available = await ledger('account=available&currency=USDT&pageSize=1&page=2');
    expect(available.json().data).toMatchObject({ total: 2, page: 2 });
    expect(available.json().data.list).toEqual([expect.objectContaining({ type: 'deposit', amount: '300' })]);
    expect((await ledger('currency=USD', finance.headers)).json().data).toMatchObject({ list: [], total: 0 });
    expect((await ledger('', support.headers)).statusCode).toBe(403);
  });
});

describe('a member’s sessions for operators', () => {
  it('lists every session newest first by page; compliance revokes one, audited, and it is signed out', async () => {
    const member = await createMember(t.app);
    const phone = await secondSession(member.user.id, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1');
    const list = await api(t.app).get(`admin/user/sessions?id=${member.user.id}&pageSize=1`, {
      headers: support.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 2, pageSize: 1 });
    expect(list.json().data.list).toEqual([
      expect.objectContaining({ id: phone.id, ip: '203.0.113.7', live: true, revokedAt: null }),
    ]);

    const phoneSocket = await signedInSocket(phone.token);
    const otherSocket = await signedInSocket(member.token);
    const revoked = await api(t.app).post(
      'admin/user/session/revoke',
      {
        id: member.user.id,
        sessionId: phone.id,
      },
      { headers: compliance.headers },
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ id: phone.id, live: false, revokedAt: expect.any(String) });
    await signedOut(phoneSocket);
    expect((await api(t.app).get('member/profile', { headers: phone.headers })).statusCode).toBe(401);
    expect((await api(t.app).get('member/profile', { headers: member.headers })).statusCode).toBe(200);
    t.app.bus.emit('balance', { userId: member.user.id, currency: 'USD' });
    await otherSocket.next((frame) => frame.topic === 'balance');

    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.session.revoke'), eq(auditLog.entityId, String(member.user.id))));
    expect(audits).toEqual([
      expect.objectContaining({
        operatorId: compliance.operator.id,
        entity: 'member',
        before: expect.objectContaining({ id: phone.id, live: true, revokedAt: null }),
        after: expect.objectContaining({ id: phone.id, live: false }),
      }),
    ]);
    const after = await api(t.app).get(`admin/user/sessions?id=${member.user.id}`, { headers: compliance.headers });
    expect(after.json().data.list.map((row: { live: boolean }) => row.live)).toEqual([false, true]);

    const again = await api(t.app).post(
      'admin/user/session/revoke',
      { id: member.user.id, sessionId: phone.id },
      { headers: { ...compliance.headers, 'x-soar-lang': 'de' } },
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      code: 'MEMBER_SESSION_NOT_FOUND',
      message: 'Dieses Mitglied hat keine solche aktive Sitzung',
    });
  });

  it('refuses another member’s session, and support, and changes nothing', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const wrongMember = await api(t.app).post(
      'admin/user/session/revoke',
      {
        id: other.user.id,
        sessionId: member.sessionId,
      },
      { headers: compliance.headers },
    );
    expect(wrongMember.json().code).toBe('MEMBER_SESSION_NOT_FOUND');
    const bySupport = await api(t.app).post(
      'admin/user/session/revoke',
      {
        id: member.user.id,
        sessionId: member.sessionId,
      },
      { headers: support.headers },
    );
    expect(bySupport.statusCode).toBe(403);
    expect((await api(t.app).get('member/profile', { headers: member.headers })).statusCode).toBe(200);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.session.revoke'), eq(auditLog.entityId, String(other.user.id))));
    expect(audits).toEqual([]);
  });

  it('of two racing revokes of one session exactly one wins and is audited', async () => {
    const member = await createMember(t.app);
    const body = { id: member.user.id, sessionId: member.sessionId };
    const answers = await Promise.all([
      api(t.app).post('admin/user/session/revoke', body, { headers: compliance.headers }),
      api(t.app).post('admin/user/session/revoke', body, { headers: compliance.headers }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.session.revoke'), eq(auditLog.entityId, String(member.user.id))));
    expect(audits).toHaveLength(1);
  });

  it('a frozen login signs the member’s sockets out like a revoke', async () => {
    const member = await createMember(t.app);
    const socket = await signedInSocket(member.token);
    const frozen = await api(t.app).post(
      'admin/user/freeze',
      {
        id: member.user.id,
        login: true,
        reason: 'Account takeover reported',
      },
      { headers: compliance.headers },
    );
    expect(frozen.statusCode, frozen.body).toBe(200);
    await signedOut(socket);
  });
});

describe('bad input to the member detail calls', () => {
  it('answers a clear 4xx and changes nothing', async () => {
    const member = await createMember(t.app);
    const cases: [string, string, object | undefined, number][] = [
      ['GET', 'admin/user/positions?id=2147483648', undefined, 422],
      ['GET', 'admin/user/positions?id=2147483647', undefined, 404],
      ['GET', `admin/user/positions?id=${member.user.id}&status=pending`, undefined, 422],
      ['GET', `admin/user/positions?id=${member.user.id}&pageSize=101`, undefined, 422],
      ['GET', 'admin/user/sessions?id=2147483648', undefined, 422],
      ['GET', 'admin/user/sessions?id=2147483647', undefined, 404],
      ['GET', 'admin/user/sessions', undefined, 422],
      ['GET', `admin/user/ledger?id=${member.user.id}&account=platform`, undefined, 422],
      ['GET', `admin/user/ledger?id=${member.user.id}&currency=US%00D`, undefined, 422],
      ['POST', 'admin/user/session/revoke', { id: member.user.id, sessionId: 2 ** 31 }, 422],
      ['POST', 'admin/user/session/revoke', { id: 2 ** 31 - 1, sessionId: member.sessionId }, 404],
      ['POST', 'admin/user/session/revoke', { id: member.user.id }, 422],
      ['POST', 'admin/user/session/revoke', { id: member.user.id, sessionId: member.sessionId, all: true }, 422],
      ['POST', 'admin/user/session/revoke', { id: member.user.id, sessionId: 'one' }, 422],
    ];
    for (const [method, url, body, status] of cases) {
      const headers = compliance.headers;
      const response =
        method === 'GET' ? await api(t.app).get(url, { headers }) : await api(t.app).post(url, body, { headers });
      expect(response.statusCode, `${url} ${JSON.stringify(body)} ${response.body}`).toBe(status);
    }
    expect((await api(t.app).get('member/profile', { headers: member.headers })).statusCode).toBe(200);
  });
});
