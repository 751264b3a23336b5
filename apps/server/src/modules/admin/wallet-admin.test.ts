import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { demoMail, seedDemoMember } from '../../seed/wallet.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { balanceOf, createMember, createOperator, expectLedgerVerified, type Headers } from '../../test/wallet.ts';

let t: TestApp;
let operator: { headers: Headers; operator: { id: number } };
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const adminCalls: ['GET' | 'POST', string][] = [
  ['GET', 'admin/deposit/list'],
  ['POST', 'admin/deposit/review'],
  ['GET', 'admin/withdraw/list'],
  ['POST', 'admin/withdraw/review'],
  ['GET', 'admin/deposit-channel/list'],
  ['POST', 'admin/deposit-channel/create'],
  ['POST', 'admin/deposit-channel/update'],
  ['POST', 'admin/deposit-channel/delete'],
  ['GET', 'admin/audit/list'],
];

describe('operator wallet calls', () => {
  it.each(adminCalls)('%s %s answers a member token with 401', async (method, url) => {
    const member = await createMember(t.app);
    const http = api(t.app);
    const response =
      method === 'GET'
        ? await http.get(url, { headers: member.headers })
        : await http.post(url, { id: 1, status: 1 }, { headers: member.headers });
    expect(response.statusCode).toBe(401);
  });

  it('creates, updates and deletes a deposit channel, each in the audit log with before and after', async () => {
    const created = await api(t.app).post(
      'admin/deposit-channel/create',
      {
        type: 'crypto',
        currency: 'USDT',
        network: 'TRC20',
        address: 'TDjvzz7L9VpTwuG8DiqngEZPBUyV6DCztj',
        sort: 9,
      },
      { headers: operator.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const updated = await api(t.app).post(
      'admin/deposit-channel/update',
      { id, enabled: false },
      { headers: operator.headers },
    );
    expect(updated.json().data).toMatchObject({ id, enabled: false });
    const member = await createMember(t.app);
    const visible = (await api(t.app).get('deposit/channel/list', { headers: member.headers })).json().data;
    expect(visible.map((c: { id: number }) => c.id)).not.toContain(id);
    expect(
      (await api(t.app).post('admin/deposit-channel/delete', { id }, { headers: operator.headers })).statusCode,
    ).toBe(200);
    const listed = (await api(t.app).get('admin/deposit-channel/list', { headers: operator.headers })).json().data;
    expect(listed.map((c: { id: number }) => c.id)).not.toContain(id);
    const again = await api(t.app).post('admin/deposit-channel/delete', { id }, { headers: operator.headers });
    expect(again.statusCode).toBe(404);

    const audit = (
      await api(t.app).get('admin/audit/list?entity=deposit_channel', { headers: operator.headers })
    ).json().data;
    const mine = audit.list.filter((entry: { entityId: string }) => entry.entityId === String(id));
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual([
      'deposit-channel.delete',
      'deposit-channel.update',
      'deposit-channel.create',
    ]);
    expect(mine[1]).toMatchObject({
      operatorId: operator.operator.id,
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it('refuses a crypto channel with an invalid address', async () => {
    const response = await api(t.app).post(
      'admin/deposit-channel/create',
      {
        type: 'crypto',
        currency: 'USDT',
        network: 'ERC20',
        address: '0x1234',
      },
      { headers: operator.headers },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('ADDRESS_INVALID');
  });
});

describe('demo data', () => {
  it('funds demo@soar.local once through the ledger and binds a TRC-20 wallet', async () => {
    const demo = await createMember(t.app, { mail: demoMail });
    await seedDemoMember(t.app.db);
    await seedDemoMember(t.app.db);
    expect(await balanceOf(t.app, demo.headers, 'USD')).toEqual({ available: '25000', frozen: '0' });
    expect(await balanceOf(t.app, demo.headers, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    expect(await balanceOf(t.app, demo.headers, 'EUR')).toEqual({ available: '5000', frozen: '0' });
    const wallets = (await api(t.app).get('wallet/address/list', { headers: demo.headers })).json().data;
    expect(wallets).toEqual([expect.objectContaining({ network: 'TRC20', currency: 'USDT' })]);
    const history = (await api(t.app).get('transaction/list?type=demo_funding', { headers: demo.headers })).json().data;
    expect(history.total).toBe(3);
    await t.app.db
      .update(users)
      .set({ mail: `moved-${demo.user.id}@example.test` })
      .where(eq(users.id, demo.user.id));
  });
});
