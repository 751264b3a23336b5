import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createMember, createOperator, fund, type Headers, payPassword, walletMember } from '../../test/wallet.ts';

let t: TestApp;
let finance: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp();
  finance = await createOperator(t.app, { role: 'finance' });
});
afterAll(() => t.close());

describe('operators name members by UID (docs/admin.md, One member identifier)', () => {
  it('each deposit and withdrawal of the queues and their decisions carries its member’s UID, name and mail', async () => {
    const member = await walletMember(t.app);
    const other = await createMember(t.app);
    await fund(t.app, member, finance, '300', 'USDT');
    const expected = { uid: member.user.uid, nickname: member.user.nickname, mail: member.user.mail };
    const applied = await api(t.app).post(
      'withdraw/apply',
      { amount: '100', currency: 'USDT', walletId: member.walletId, payPassword },
      { headers: member.headers },
    );
    expect(applied.statusCode, applied.body).toBe(200);

    const deposits = (await api(t.app).get('admin/deposit/list', { headers: finance.headers })).json().data.list;
    expect(deposits.find((row: { userId: number }) => row.userId === member.user.id).member).toEqual(expected);
    const withdrawals = (await api(t.app).get('admin/withdraw/list?status=0', { headers: finance.headers })).json().data
      .list;
    expect(withdrawals).toEqual([expect.objectContaining({ userId: member.user.id, member: expected })]);

    const detail = (
      await api(t.app).get(`admin/user/detail?uid=${member.user.uid}`, { headers: finance.headers })
    ).json().data;
    expect(detail.id).toBe(member.user.id);
    expect(detail.deposits[0].member).toEqual(expected);
    expect(detail.withdrawals[0].member).toEqual(expected);
    const otherDetail = await api(t.app).get(`admin/user/detail?uid=${other.user.uid}`, { headers: finance.headers });
    expect(otherDetail.json().data.id).toBe(other.user.id);
  });

  it('refuses a detail by anything but an 8-digit UID, naming the field in the operator’s language', async () => {
    const byId = await api(t.app).get('admin/user/detail?uid=12', { headers: finance.headers });
    expect(byId.statusCode).toBe(422);
    expect(byId.json().message).toEqual(['Member UID must be 8 digits, such as 10000001']);
    const chinese = await api(t.app).get('admin/user/detail?uid=12', { headers: finance.headers, lang: 'zh-CN' });
    expect(chinese.statusCode).toBe(422);
    expect(chinese.json().message[0]).not.toContain('{{');
    const unknown = await api(t.app).get('admin/user/detail?uid=99999998', { headers: finance.headers });
    expect(unknown.statusCode).toBe(404);
  });
});
