import { withdrawStatuses } from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { auditLog, notices, users, withdrawalHolds } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { RecordingSender } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  boundWallet,
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
} from '../../test/wallet.ts';

const hour = 3_600_000;
const sender = new RecordingSender();
// The app's clock (the jobs' clock): holds start, end and are checked on it.
let now = Date.parse('2026-06-01T10:00:00.000Z');
let t: TestApp;
let finance: { headers: Headers };
let admin: { headers: Headers };

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { clock: () => now }, codeSender: sender });
  finance = await createOperator(t.app, { role: 'finance' });
  admin = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const oldWallet = 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD';
const newWallet = 'TDjvzz7L9VpTwuG8DiqngEZPBUyV6DCztj';
const at = (ms: number) => new Date(ms).toISOString();
const shown = (ms: number) => `${at(ms).slice(0, 16).replace('T', ' ')} UTC`;

/** A member with 500 USDT, a pay password, a real login password and a wallet bound before any hold. */
async function member() {
  const created = await createMember(t.app, { passwordHash: await hashPassword('oldpass1') });
  await setPayPassword(t.app.db, created.user.id, payPassword);
  await fund(t.app, created, finance, '500');
  const walletId = await boundWallet(t.app, created.user.id, {
    address: oldWallet,
    boundAt: new Date(now - 48 * hour),
  });
  return { ...created, walletId };
}

const withdraw = (who: { headers: Headers }, walletId: number, lang?: string) =>
  api(t.app).post(
    'withdraw/apply',
    { amount: '100', currency: 'USDT', walletId, payPassword },
    { headers: who.headers, ...(lang ? { lang } : {}) },
  );

const pass = (id: number, lang?: string) =>
  api(t.app).post(
    'admin/withdraw/review',
    { id, status: withdrawStatuses.pass, payoutReference: 'bank-ref-1' },
    { headers: finance.headers, ...(lang ? { lang } : {}) },
  );

const holdOf = async (who: { headers: Headers }) =>
  (await api(t.app).get('withdraw/hold', { headers: who.headers })).json().data;

const bindNew = (who: { headers: Headers }, lang?: string) =>
  api(t.app).post(
    'wallet/address/add',
    { name: 'New', currency: 'USDT', network: 'TRC20', address: newWallet, payPassword },
    { headers: who.headers, ...(lang ? { lang } : {}) },
  );

/** Sends a code to the member's own mail (paypwd) or to a mail (resetpwd) and reads it from the sender. */
async function code(who: { headers: Headers; user: { mail: string | null } }, scene: 'paypwd' | 'resetpwd') {
  const mail = who.user.mail ?? '';
  const sent = await api(t.app).post('member/code/send', { type: 'email', mail, scene }, { headers: who.headers });
  expect(sent.statusCode, sent.body).toBe(200);
  return sender.lastCode(mail);
}

/** Each trigger, done the way a member does it, through the API. */
const triggers = {
  walletBound: async (who: Awaited<ReturnType<typeof member>>) => {
    expect((await bindNew(who)).statusCode).toBe(200);
  },
  loginPassword: async (who: Awaited<ReturnType<typeof member>>) => {
    const changed = await api(t.app).post(
      'member/password/change',
      { oldPassword: 'oldpass1', password: 'newpass1', confirmPassword: 'newpass1' },
      { headers: who.headers },
    );
    expect(changed.statusCode, changed.body).toBe(200);
  },
  payPassword: async (who: Awaited<ReturnType<typeof member>>) => {
    const body = { password: payPassword, confirmPassword: payPassword, code: await code(who, 'paypwd') };
    const set = await api(t.app).post('member/paypwd/set', body, { headers: who.headers });
    expect(set.statusCode, set.body).toBe(200);
  },
  passwordReset: async (who: Awaited<ReturnType<typeof member>>) => {
    const body = {
      type: 'email',
      mail: who.user.mail,
      code: await code(who, 'resetpwd'),
      password: 'resetpw1',
      confirmPassword: 'resetpw1',
    };
    const reset = await api(t.app).post('member/password/reset', body);
    expect(reset.statusCode, reset.body).toBe(200);
    // A reset ends every session: the member signs in again with the new password.
    const login = await api(t.app).post('member/login', { mail: who.user.mail, password: 'resetpw1' });
    expect(login.statusCode, login.body).toBe(200);
    who.headers.authorization = `Bearer ${login.json().data.token}`;
  },
  allowListOff: async (who: Awaited<ReturnType<typeof member>>) => {
    for (const enabled of [true, false]) {
      const set = await api(t.app).post('withdraw/allow-list', { enabled, payPassword }, { headers: who.headers });
      expect(set.statusCode, set.body).toBe(200);
    }
  },
} as const;

describe('withdrawal holds (docs/ledger.md, Withdrawal holds)', () => {
  it.each(Object.keys(triggers) as (keyof typeof triggers)[])(
    '%s starts a 24 h hold: a withdrawal is accepted but waits, cannot be passed before the end, and passes on time',
    async (reason) => {
      const who = await member();
      const start = now;
      await triggers[reason](who);
      const endsAt = start + 24 * hour;
      const state = await holdOf(who);
      expect(state).toMatchObject({ hold: { reason, startedAt: at(start), endsAt: at(endsAt) }, hours: 24 });

      const applied = await withdraw(who, who.walletId);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().data).toMatchObject({ status: withdrawStatuses.wait, heldUntil: at(endsAt) });
      expect(await balanceOf(t.app, who.headers, 'USDT')).toEqual({ available: '399', frozen: '101' });
      const id = applied.json().data.id as number;

      // The member's record and the operators' queue show the hold and its end.
      const records = (await api(t.app).get('withdraw/record/list', { headers: who.headers })).json().data.list;
      expect(records[0]).toMatchObject({ id, heldUntil: at(endsAt) });
      const queue = await api(t.app).get(`admin/withdraw/list?status=0&uid=${who.user.uid}`, {
        headers: finance.headers,
      });
      expect(queue.json().data.list).toEqual([expect.objectContaining({ id, heldUntil: at(endsAt) })]);

      now = endsAt - 1;
      const early = await pass(id);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        code: 'WITHDRAWAL_HOLD',
        message: `This member's withdrawals are on hold until ${shown(endsAt)}: the withdrawal cannot be passed before then`,
      });
      expect(await balanceOf(t.app, who.headers, 'USDT')).toEqual({ available: '399', frozen: '101' });

      now = endsAt;
      expect((await holdOf(who)).hold).toBeNull();
      const passed = await pass(id);
      expect(passed.statusCode, passed.body).toBe(200);
      expect(passed.json().data.status).toBe(withdrawStatuses.pass);
      expect(await balanceOf(t.app, who.headers, 'USDT')).toEqual({ available: '399', frozen: '0' });

      // The member was told by notice and by mail, with the end.
      const kinds = await t.app.db
        .select()
        .from(notices)
        .where(and(eq(notices.userId, who.user.id), eq(notices.kind, `withdrawalHold.${reason}`)));
      expect(kinds.map((row) => row.params)).toEqual([{ until: shown(endsAt) }]);
      await vi.waitFor(() =>
        expect(
          sender.mails.filter((mail) => mail.destination === who.user.mail && mail.kind === 'withdrawalHold'),
        ).toEqual([
          expect.objectContaining({ kind: 'withdrawalHold', subject: `Withdrawals on hold until ${shown(endsAt)}` }),
        ]),
      );
    },
  );

  it('a new trigger during a hold extends it to now plus the duration and keeps its start', async () => {
    const who = await member();
    const start = now;
    await triggers.walletBound(who);
    const id = (await withdraw(who, who.walletId)).json().data.id as number;
    now = start + 10 * hour;
    await triggers.loginPassword(who);
    const endsAt = now + 24 * hour;
    expect((await holdOf(who)).hold).toEqual({ reason: 'loginPassword', startedAt: at(start), endsAt: at(endsAt) });
    // The waiting withdrawal waits for the new end.
    now = start + 24 * hour;
    expect((await pass(id)).json().code).toBe('WITHDRAWAL_HOLD');
    now = endsAt;
    expect((await pass(id)).statusCode).toBe(200);
  });

  it('a withdrawal waiting before a hold began waits for it too', async () => {
    const who = await member();
    const id = (await withdraw(who, who.walletId)).json().data.id as number;
    expect((await holdOf(who)).hold).toBeNull();
    await triggers.payPassword(who);
    const refused = await pass(id, 'de');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Auszahlungen dieses Mitglieds sind bis ${shown(now + 24 * hour)} gesperrt: die Auszahlung kann vorher nicht freigegeben werden`,
    );
    const records = (await api(t.app).get('withdraw/record/list', { headers: who.headers })).json().data.list;
    expect(records[0]).toMatchObject({ id, heldUntil: at(now + 24 * hour) });
    now += 24 * hour;
    expect((await pass(id)).statusCode).toBe(200);
  });

  it('a held withdrawal may be refused: the money returns at once', async () => {
    const who = await member();
    await triggers.walletBound(who);
    const id = (await withdraw(who, who.walletId)).json().data.id as number;
    const refused = await api(t.app).post(
      'admin/withdraw/review',
      { id, status: withdrawStatuses.refuse, remark: 'Not asked by the member' },
      { headers: finance.headers },
    );
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await balanceOf(t.app, who.headers, 'USDT')).toEqual({ available: '500', frozen: '0' });
    now += 24 * hour;
  });

  it('setting the first pay password starts no hold (nothing could be withdrawn without it)', async () => {
    const who = await createMember(t.app);
    const body = { password: payPassword, confirmPassword: payPassword, code: await code(who, 'paypwd') };
    expect((await api(t.app).post('member/paypwd/set', body, { headers: who.headers })).statusCode).toBe(200);
    expect((await holdOf(who)).hold).toBeNull();
  });

  it('the duration is an audited admin setting; holds already running keep their end', async () => {
    const who = await member();
    await triggers.walletBound(who);
    const running = (await holdOf(who)).hold.endsAt;
    const bad = [{ hours: 0 }, { hours: 721 }, { hours: 1.5 }, { hours: '24' }, {}];
    for (const body of bad) {
      const refused = await api(t.app).post('admin/setting/withdrawal-hold', body, { headers: admin.headers });
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    const forbidden = await api(t.app).post(
      'admin/setting/withdrawal-hold',
      { hours: 2 },
      { headers: finance.headers },
    );
    expect(forbidden.statusCode).toBe(403);
    const saved = await api(t.app).post('admin/setting/withdrawal-hold', { hours: 2 }, { headers: admin.headers });
    expect(saved.json().data).toEqual({ hours: 2 });
    expect((await api(t.app).get('admin/setting', { headers: admin.headers })).json().data.withdrawalHold).toEqual({
      hours: 2,
    });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'setting.withdrawalHold'));
    expect(audit).toMatchObject({ before: { hours: 24 }, after: { hours: 2 } });
    expect((await holdOf(who)).hold.endsAt).toBe(running);

    const other = await member();
    await triggers.loginPassword(other);
    expect(await holdOf(other)).toMatchObject({ hold: { endsAt: at(now + 2 * hour) }, hours: 2 });
    await api(t.app).post('admin/setting/withdrawal-hold', { hours: 24 }, { headers: admin.headers });
    now += 24 * hour;
  });
});

describe('allow-list mode', () => {
  it('refuses a withdrawal to a wallet bound during the hold, allows the older wallet, and lifts with the hold', async () => {
    const who = await member();
    const wrong = await api(t.app).post(
      'withdraw/allow-list',
      { enabled: true, payPassword: '999999' },
      { headers: who.headers },
    );
    expect(wrong.json().code).toBe('PAY_PASSWORD_WRONG');
    const on = await api(t.app).post('withdraw/allow-list', { enabled: true, payPassword }, { headers: who.headers });
    expect(on.json().data).toEqual({ hold: null, allowListOnly: true, hours: 24 });

    const start = now;
    now += 1000;
    const bound = await bindNew(who);
    const newId = bound.json().data.id as number;
    const endsAt = now + 24 * hour;
    for (const [lang, message] of [
      [
        'en',
        `Allow-list mode is on: during the hold that began ${shown(now)}, withdrawals go only to wallets bound before it. This wallet can be used from ${shown(endsAt)}`,
      ],
      [
        'de',
        `Der Whitelist-Modus ist aktiv: Während der Sperre seit ${shown(now)} gehen Auszahlungen nur an Wallets, die davor hinterlegt wurden. Diese Wallet ist ab ${shown(endsAt)} nutzbar`,
      ],
    ] as const) {
      const refused = await withdraw(who, newId, lang);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'WITHDRAWAL_WALLET_NEW', message });
    }
    expect(await balanceOf(t.app, who.headers, 'USDT')).toEqual({ available: '500', frozen: '0' });
    const toOld = await withdraw(who, who.walletId);
    expect(toOld.statusCode, toOld.body).toBe(200);
    expect(toOld.json().data).toMatchObject({ heldUntil: at(endsAt) });
    expect(start).toBeLessThan(now);

    now = endsAt;
    const toNew = await withdraw(who, newId);
    expect(toNew.statusCode, toNew.body).toBe(200);
    expect(toNew.json().data.heldUntil).toBeNull();
    expect((await pass(toNew.json().data.id)).statusCode).toBe(200);
  });

  it('turning it off starts a hold; turning it on does not', async () => {
    const who = await member();
    await api(t.app).post('withdraw/allow-list', { enabled: true, payPassword }, { headers: who.headers });
    expect((await holdOf(who)).hold).toBeNull();
    const off = await api(t.app).post('withdraw/allow-list', { enabled: false, payPassword }, { headers: who.headers });
    expect(off.json().data).toEqual({
      hold: { reason: 'allowListOff', startedAt: at(now), endsAt: at(now + 24 * hour) },
      allowListOnly: false,
      hours: 24,
    });
    now += 24 * hour;
  });
});

describe('attacker input', () => {
  it('cannot reach another member: ids, extra fields, NUL bytes, 2^31 and wrong types', async () => {
    const victim = await member();
    const attacker = await member();
    // Another member's wallet id is not found, and their hold state is not changed by extra fields.
    expect((await withdraw(attacker, victim.walletId)).json().code).toBe('WALLET_NOT_FOUND');
    const extra = await api(t.app).post(
      'withdraw/allow-list',
      { enabled: true, payPassword, userId: victim.user.id, uid: victim.user.uid },
      { headers: attacker.headers },
    );
    expect(extra.statusCode).toBe(200);
    const rows = await t.app.db.select().from(withdrawalHolds).where(eq(withdrawalHolds.userId, victim.user.id));
    expect(rows).toEqual([]);
    expect((await holdOf(victim)).allowListOnly).toBe(false);

    for (const body of [
      { enabled: 'true', payPassword },
      { enabled: true, payPassword: `24\u000068` },
      { enabled: true },
      { payPassword },
    ]) {
      const refused = await api(t.app).post('withdraw/allow-list', body, { headers: attacker.headers });
      expect(refused.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    for (const id of [2 ** 31, '1\u0000', -1]) {
      const refused = await api(t.app).post(
        'admin/withdraw/review',
        { id, status: withdrawStatuses.pass, payoutReference: 'x' },
        { headers: finance.headers },
      );
      expect(refused.statusCode, String(id)).toBe(422);
    }
    expect((await api(t.app).get('withdraw/hold')).statusCode).toBe(401);
    // A hold never touches another member's withdrawals.
    const victimWithdrawal = (await withdraw(victim, victim.walletId)).json().data.id as number;
    await triggers.walletBound(attacker);
    expect((await pass(victimWithdrawal)).statusCode).toBe(200);
    const [victimRow] = await t.app.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(victimRow?.withdrawFrozen).toBe(false);
    now += 24 * hour;
  });
});
