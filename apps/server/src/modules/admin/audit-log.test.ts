import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { auditEntities, depositStatuses } from '@soar/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newTotpSecret, totpAt } from '../../lib/totp.ts';
import { unique } from '../../test/accounts.ts';
import { createMember, createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';
import { type Headers, upload } from '../../test/wallet.ts';

// The audit log: operators' sign-ins and sign-outs, and the search by member UID and operator (docs/admin.md).
let t: TestApp;
let admin: { headers: Headers };
let passwordHash: string;
const password = 'operator-pass';

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(`${tmpdir()}/soar-audit-`) });
  admin = await createOperator(t.app, { role: 'admin' });
  passwordHash = await hashPassword(password);
});
afterAll(() => t.close());

type Entry = {
  operatorId: number | null;
  operatorName: string | null;
  action: string;
  entity: string;
  entityId: string;
  memberUid: string | null;
  after: Record<string, unknown>;
  ip: string;
};

async function search(query: string): Promise<Entry[]> {
  const response = await api(t.app).get(`admin/audit/list?pageSize=100&${query}`, { headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.list;
}

describe('operator sign-ins in the audit log', () => {
  it('records a sign-in and a sign-out with the address, never the password or the token', async () => {
    const username = unique('op');
    const { operator } = await createOperator(t.app, { username, passwordHash });
    const login = await api(t.app).post('admin/login', { username, password }, { ip: '198.51.100.20' });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token as string;
    expect((await api(t.app).post('admin/logout', {}, { headers: bearer(token) })).statusCode).toBe(200);

    const entries = await search(`operator=${username.toUpperCase()}&entity=operator`);
    expect(entries.map((entry) => entry.action)).toEqual(['operator.logout', 'operator.login']);
    expect(entries[1]).toMatchObject({
      operatorId: operator.id,
      operatorName: username,
      entity: 'operator',
      entityId: String(operator.id),
      ip: '198.51.100.20',
      after: { username },
    });
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(operator.id)));
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(password);
      expect(JSON.stringify(row)).not.toContain(token);
    }
  });

  it('records failed sign-ins (unknown user, wrong password, wrong code) with why, and changes nothing else', async () => {
    const username = unique('op');
    const secret = newTotpSecret();
    const { operator } = await createOperator(t.app, {
      username,
      passwordHash,
      totpSecret: secret,
      totpEnabledAt: new Date(),
    });
    const ghost = unique('ghost');
    const attempts = [
      { username: ghost, password },
      { username, password: 'not-the-password' },
      { username, password, code: totpAt(secret, Date.now() + 10 * 60_000) },
    ];
    for (const body of attempts) {
      const answer = await api(t.app).post('admin/login', body, { ip: '198.51.100.21' });
      expect(answer.json().code, answer.body).toBe(body.code ? 'TOTP_WRONG' : 'LOGIN_FAILED');
    }
    // The first step of a two-step sign-in only asks for the code: not a failure.
    expect((await api(t.app).post('admin/login', { username, password })).json().code).toBe('TOTP_REQUIRED');

    const mine = await search(`operator=${username}`);
    expect(mine.map((entry) => [entry.action, entry.after.failure])).toEqual([
      ['operator.loginFailed', 'wrongCode'],
      ['operator.loginFailed', 'wrongPassword'],
    ]);
    expect(mine[0]).toMatchObject({ operatorId: operator.id, operatorName: username, ip: '198.51.100.21' });
    const unknown = await search(`operator=${ghost}`);
    expect(unknown).toMatchObject([
      {
        operatorId: null,
        operatorName: null,
        action: 'operator.loginFailed',
        entity: 'operator',
        entityId: '',
        after: { username: ghost, failure: 'unknownUser' },
      },
    ]);
    const recent = await t.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(5);
    for (const row of recent) expect(JSON.stringify(row)).not.toContain('not-the-password');
  });
});

describe('searching the audit log', () => {
  it('finds the entries on a member and on their records by the member’s UID, naming the member by UID', async () => {
    const finance = await createOperator(t.app, { role: 'finance', username: unique('fin') });
    const compliance = await createOperator(t.app, { role: 'compliance', username: unique('cmp') });
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const frozen = await api(t.app).post(
      'admin/user/freeze',
      { id: member.user.id, withdraw: true, reason: 'Source of funds check' },
      { headers: compliance.headers },
    );
    expect(frozen.statusCode, frozen.body).toBe(200);
    await api(t.app).post('admin/user/vip', { id: other.user.id, vipLevel: 2 }, { headers: compliance.headers });
    const applied = await api(t.app).post(
      'deposit/apply',
      { type: 'crypto', currency: 'USDT', network: 'TRC20', amount: '10', txHash: `0x${'ab'.repeat(32)}` },
      { headers: member.headers },
    );
    const deposit = applied.json().data.id as number;
    const refused = await api(t.app).post(
      'admin/deposit/review',
      { id: deposit, status: depositStatuses.refuse, remark: 'Never arrived' },
      { headers: finance.headers },
    );
    expect(refused.statusCode, refused.body).toBe(200);
    // A KYC review: its audited view names no member; the entry does.
    const image = async () => (await upload(t.app, member.headers)).json().data.id as string;
    const submitted = await api(t.app).post(
      'kyc/submit',
      { docType: 'passport', firstName: 'Ada', lastName: 'Lovelace', idNumber: 'P-1234567', front: await image() },
      { headers: member.headers },
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const kyc = submitted.json().data.application.id as number;
    await api(t.app).post('admin/kyc/review', { id: kyc, status: 1 }, { headers: compliance.headers });

    const entries = await search(`uid=${member.user.uid}`);
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.memberUid])).toEqual([
      ['kyc.review', 'kyc', String(kyc), member.user.uid],
      ['deposit.review', 'deposit', String(deposit), member.user.uid],
      ['member.freeze', 'member', String(member.user.id), member.user.uid],
    ]);
    const byDatabaseId = await api(t.app).get(`admin/audit/list?uid=${member.user.id}`, { headers: admin.headers });
    expect(byDatabaseId.statusCode).toBe(422);
    expect(await search(`uid=${member.user.uid}&operator=${finance.operator.username}`)).toMatchObject([
      { action: 'deposit.review', operatorName: finance.operator.username },
    ]);
    expect(await search(`uid=${member.user.uid}&entity=member`)).toHaveLength(1);
    expect(await search(`uid=${other.user.uid}`)).toMatchObject([{ action: 'member.vip', memberUid: other.user.uid }]);
    expect(await search('uid=99999999')).toEqual([]);
  });

  it('takes only the entities the log records, and answers bad filters with a clear 422', async () => {
    for (const entity of auditEntities) {
      expect((await api(t.app).get(`admin/audit/list?entity=${entity}`, { headers: admin.headers })).statusCode).toBe(
        200,
      );
    }
    for (const query of ['entity=members', 'uid=1234567', 'uid=abcdefgh', `operator=${'x'.repeat(65)}`]) {
      const answer = await api(t.app).get(`admin/audit/list?${query}`, { headers: admin.headers, lang: 'en' });
      expect(answer.statusCode, query).toBe(422);
    }
    const uid = await api(t.app).get('admin/audit/list?uid=123', { headers: admin.headers, lang: 'en' });
    expect(uid.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ['Member UID must be 8 digits, such as 10000001'],
    });
  });
});
