import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPayPassword } from '../core/pay-password.ts';
import { operators, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createTestApp, type TestApp, testConfig } from '../test/helper.ts';
import { api, bearer } from '../test/http.ts';
import { expectLedgerVerified, tempDataDir } from '../test/wallet.ts';
import { seed } from './index.ts';
import { demoLoginsLine } from './member.ts';

describe('seed in development', () => {
  let t: TestApp;
  // The demo loan's signature is an upload under DATA_DIR.
  const dataDir = tempDataDir();
  beforeAll(async () => {
    t = await createTestApp({ env: 'development', dataDir });
  });
  afterAll(() => t.close());

  it('makes the demo member, who logs in and has pay password 2468', async () => {
    const login = await api(t.app).post('member/login', { mail: 'demo@soar.local', password: 'demo1234' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data).toMatchObject({
      uid: '10000001',
      nickname: 'Demo',
      mail: 'd***@soar.local',
      hasPayPassword: true,
    });
    const [demo] = await t.app.db.select().from(users).where(eq(users.mail, 'demo@soar.local'));
    if (!demo) throw new Error('no demo user');
    await expect(verifyPayPassword(t.app.db, demo.id, '2468')).resolves.toBeUndefined();
    const profile = await api(t.app).get('member/profile', { headers: bearer(login.json().data.token) });
    expect(profile.statusCode).toBe(200);
  });

  it('makes the operator admin / admin1234', async () => {
    const login = await api(t.app).post('admin/login', { username: 'admin', password: 'admin1234' });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('makes one operator per role and waiting work for the back office', async () => {
    const rows = await t.app.db.select({ username: operators.username, role: operators.role }).from(operators);
    expect(rows.filter((row) => row.username !== 'admin')).toEqual([
      { username: 'finance', role: 'finance' },
      { username: 'compliance', role: 'compliance' },
      { username: 'trading', role: 'trading' },
      { username: 'support', role: 'support' },
    ]);
    const login = await api(t.app).post('admin/login', { username: 'finance', password: 'finance1234' });
    const headers = bearer(login.json().data.token);
    const dashboard = await api(t.app).get('admin/dashboard', { headers });
    const queues = dashboard.json().data.queues as { key: string; count: number }[];
    expect(queues.map(({ key, count }) => ({ key, count }))).toEqual([
      { key: 'deposit', count: 2 },
      { key: 'withdraw', count: 1 },
      { key: 'adjustment', count: 1 },
      { key: 'loan', count: 0 },
    ]);
    const deposits = await api(t.app).get('admin/deposit/list?status=0', { headers });
    const proof = deposits.json().data.list.find((row: { proof: string | null }) => row.proof)?.proof;
    expect((await api(t.app).get(`upload/${proof}`, { headers })).headers['content-type']).toBe('image/png');
    await expectLedgerVerified(t.app);
  });

  it('runs again without duplicating rows or overwriting changed passwords', async () => {
    const changed = await hashPassword('changed-by-operator');
    await t.app.db.update(operators).set({ passwordHash: changed }).where(eq(operators.username, 'admin'));
    await seed(t.app.db, { ...testConfig, env: 'development', dataDir });
    const admins = await t.app.db.select().from(operators).where(eq(operators.username, 'admin'));
    expect(admins.map((a) => a.passwordHash)).toEqual([changed]);
    expect(await t.app.db.select().from(users).where(eq(users.mail, 'demo@soar.local'))).toHaveLength(1);
  });

  it('prints the demo logins, but never ADMIN_PASSWORD', () => {
    expect(demoLoginsLine({ ...testConfig, env: 'development', port: 3000 })).toBe(
      'demo logins: member demo@soar.local / demo1234 (pay password 2468), operator admin / admin1234; ' +
        'back office http://localhost:3000/admin/ also finance / finance1234, compliance / compliance1234, ' +
        'trading / trading1234, support / support1234',
    );
    const withSecret = demoLoginsLine({ ...testConfig, env: 'development', adminPassword: 'top-secret-1' });
    expect(withSecret).not.toContain('top-secret-1');
    expect(demoLoginsLine({ ...testConfig, env: 'production', adminPassword: 'top-secret-1' })).toBeUndefined();
  });
});

describe('seed in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'production', adminPassword: 'prod-secret-1' });
  });
  afterAll(() => t.close());

  it('makes no demo member and gives admin the ADMIN_PASSWORD', async () => {
    expect(await t.app.db.select().from(users)).toEqual([]);
    expect((await api(t.app).post('admin/login', { username: 'admin', password: 'admin1234' })).statusCode).toBe(400);
    expect((await api(t.app).post('admin/login', { username: 'admin', password: 'prod-secret-1' })).statusCode).toBe(
      200,
    );
  });

  it('keeps the first password when ADMIN_PASSWORD changes on a restart', async () => {
    await seed(t.app.db, { ...testConfig, env: 'production', adminPassword: 'another-secret' });
    expect((await api(t.app).post('admin/login', { username: 'admin', password: 'prod-secret-1' })).statusCode).toBe(
      200,
    );
  });
});
