import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createMember, createOperator } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { api } from '../test/http.ts';
import { memberOf, operatorOf } from './auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/v1/__test/me', { onRequest: t.app.requireMember }, async (request) => memberOf(request));
  t.app.get('/api/v1/__test/operator', { onRequest: t.app.requireOperator }, async (request) => operatorOf(request));
});
afterAll(() => t.close());

const me = (headers: Record<string, string> = {}) => api(t.app).get('__test/me', { headers });

describe('member tokens', () => {
  it('open member routes', async () => {
    const member = await createMember(t.app);
    const res = await me(member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: member.user.id, sessionId: member.sessionId });
  });

  it.each([
    ['missing', {}],
    ['garbage', { authorization: 'Bearer not-a-token' }],
    ['malformed', { authorization: 'Basic abc' }],
  ])('a %s token gets 401 in the request language', async (_name, headers) => {
    const res = await me({ ...headers, 'x-soar-lang': 'fr' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Veuillez vous connecter' });
  });

  it('an expired or revoked token gets 401', async () => {
    const expired = await createMember(t.app);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.sessionId));
    expect((await me(expired.headers)).statusCode).toBe(401);
    const revoked = await createMember(t.app);
    await t.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, revoked.sessionId));
    expect((await me(revoked.headers)).statusCode).toBe(401);
  });
});

describe('operator tokens', () => {
  it('open operator routes and nothing else', async () => {
    const operator = await createOperator(t.app);
    const res = await api(t.app).get('__test/operator', { headers: operator.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ operatorId: operator.operator.id, role: 'admin' });
    expect((await me(operator.headers)).statusCode).toBe(401);
  });

  it('a member token does not open an operator route', async () => {
    const member = await createMember(t.app);
    const res = await api(t.app).get('__test/operator', { headers: member.headers });
    expect(res.statusCode).toBe(401);
  });
});
