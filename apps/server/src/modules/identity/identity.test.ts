import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  appSettings,
  auditLog,
  kycApplications,
  notices,
  operatorSessions,
  supportMessages,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
  upload,
  walletMember,
} from '../../test/wallet.ts';
import { sleep, TestClient } from '../../test/ws-client.ts';
import { defaultWalletSetting } from '../wallet/index.ts';

let t: TestApp;
let compliance: { headers: Headers; token: string };
let support: { headers: Headers; token: string };
let finance: { headers: Headers };

beforeAll(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  t = await createTestApp({ dataDir: mkdtempSync(`${tmpdir()}/soar-identity-`) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  compliance = await createOperator(t.app, { role: 'compliance' });
  support = await createOperator(t.app, { role: 'support' });
  finance = await createOperator(t.app, { role: 'finance' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const image = async (member: { headers: Headers }) => (await upload(t.app, member.headers)).json().data.id as string;
const submit = (member: { headers: Headers }, body: object, lang = 'en') =>
  api(t.app).post('kyc/submit', body, { headers: { ...member.headers, 'x-soar-lang': lang } });
const review = (body: object, headers = compliance.headers) =>
  api(t.app).post('admin/kyc/review', body, { headers: headers });
const info = async (member: { headers: Headers }) =>
  (await api(t.app).get('kyc/info', { headers: member.headers })).json().data;

async function idcard(member: Member) {
  return {
    docType: 'idcard',
    firstName: 'Ada',
    lastName: 'Lovelace',
    idNumber: 'AB-123456',
    front: await image(member),
    back: await image(member),
  };
}

async function connect(token: string, topics: string[]) {
  const client = await TestClient.connect(t.app);
  expect((await client.request({ op: 'auth', token })).op).toBe('auth');
  expect((await client.request({ op: 'sub', topics })).topics).toEqual(topics);
  return client;
}

describe('KYC', () => {
  it('submit -> refuse one field -> correct only it -> pass; the notice arrives live', async () => {
    const member = await createMember(t.app);
    expect(await info(member)).toMatchObject({ status: null, application: null, reviewHours: 24 });
    const body = await idcard(member);
    const submitted = await submit(member, body);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ status: 0, application: { status: 0, firstName: 'Ada' } });
    const again = await submit(member, body, 'de');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'KYC_PENDING', message: expect.stringContaining('Identitätsprüfung') });

    const id = submitted.json().data.application.id;
    const noReason = await review({ id, status: 2 });
    expect(noReason.json().code).toBe('KYC_REASON_REQUIRED');
    const refused = await review({ id, status: 2, reasons: { lastName: 'Does not match the photo' } });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await info(member)).application).toMatchObject({
      status: 2,
      reasons: { lastName: 'Does not match the photo' },
    });
    const [notice] = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(notice).toMatchObject({ kind: 'kycRefused', reference: `kyc:${id}` });
    const inbox = await api(t.app).get('notice/list', { headers: { ...member.headers, 'x-soar-lang': 'de' } });
    expect(inbox.json().data.list[0].body).toContain('Nachname');

    const locked = await submit(member, { docType: 'idcard', firstName: 'Eve', lastName: 'King' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'KYC_FIELD_LOCKED', message: expect.stringContaining('Last name') });
    const missing = await submit(member, { docType: 'idcard' });
    expect(missing.json()).toMatchObject({ code: 'KYC_FIELDS_MISSING', message: 'Please fill in: Last name' });
    const otherDoc = await submit(member, { docType: 'passport', lastName: 'King' });
    expect(otherDoc.json().code).toBe('KYC_DOC_TYPE_LOCKED');
    const corrected = await submit(member, { docType: 'idcard', firstName: 'Ada', lastName: 'King' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data.application).toMatchObject({
      status: 0,
      firstName: 'Ada',
      lastName: 'King',
      front: body.front,
      back: body.back,
      reasons: {},
    });

    const live = await connect(member.token, ['notice']);
    const second = corrected.json().data.application.id;
    const passed = await review({ id: second, status: 1 });
    expect(passed.statusCode, passed.body).toBe(200);
    const frame = await live.next((f) => f.topic === 'notice');
    expect(frame.data).toMatchObject({ userId: member.user.id });
    live.close();
    expect(await info(member)).toMatchObject({ status: 1 });
    const [user] = await t.app.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user?.kycStatus).toBe(1);
    const passedAgain = await submit(member, body);
    expect(passedAgain.json().code).toBe('KYC_ALREADY_PASSED');
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'kyc'));
    expect(audit.map((row) => row.entityId)).toEqual(expect.arrayContaining([String(id), String(second)]));
    const detail = await api(t.app).get(`admin/kyc/detail?id=${second}`, { headers: compliance.headers });
    expect(detail.json().data).toMatchObject({ id: second, uid: member.user.uid, history: [{ id, status: 2 }] });
  });

  it('images open only to their owner and operators; another member’s image cannot be submitted', async () => {
    const owner = await createMember(t.app);
    const other = await createMember(t.app);
    const front = await image(owner);
    const file = (headers: Headers) => api(t.app).get(`upload/${front}`, { headers });
    expect((await file(owner.headers)).statusCode).toBe(200);
    expect((await file(compliance.headers)).statusCode).toBe(200);
    expect((await file(other.headers)).statusCode).toBe(404);
    expect((await file({})).statusCode).toBe(401);
    const stolen = await submit(other, { ...(await idcard(other)), front });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().code).toBe('KYC_IMAGE_INVALID');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row?.kycStatus).toBeNull();
  });

  it('a passport has no back; bad input is refused with nothing stored', async () => {
    const member = await createMember(t.app);
    const front = await image(member);
    const cases: [object, number][] = [
      [{ docType: 'passport', firstName: 'A\u0000', lastName: 'B', idNumber: 'P1234', front }, 422],
      [{ docType: 'passport', firstName: 'A', lastName: 'B', idNumber: 'P1234', front, extra: 1 }, 422],
      [{ docType: 'passport', firstName: 'A', lastName: 'B', idNumber: 'P1234', front: 'x'.repeat(32) }, 422],
      [{ docType: 'passport', firstName: 'A', lastName: 'B', idNumber: 'P1234', front, back: front }, 422],
      [{ docType: 'visa', firstName: 'A', lastName: 'B', idNumber: 'P1234', front }, 422],
      [{ docType: 'passport', firstName: 'A', lastName: 'B', front }, 422],
    ];
    for (const [body, status] of cases) {
      const response = await submit(member, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await t.app.db.select().from(kycApplications).where(eq(kycApplications.userId, member.user.id))).toEqual([]);
    const ok = await submit(member, { docType: 'passport', firstName: 'A', lastName: 'B', idNumber: 'P1234', front });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.application).toMatchObject({ docType: 'passport', back: null });
    const big = await review({ id: 2 ** 31, status: 1 });
    expect(big.statusCode).toBe(422);
    const absent = await review({ id: 2 ** 31 - 1, status: 1 });
    expect(absent.json().code).toBe('KYC_NOT_FOUND');
    expect((await review({ id: ok.json().data.application.id, status: 1 }, support.headers)).statusCode).toBe(403);
    expect((await api(t.app).get('admin/kyc/list', { headers: member.headers })).statusCode).toBe(401);
  });

  it('two reviews of one submission at once: exactly one wins', async () => {
    const member = await createMember(t.app);
    const submitted = await submit(member, await idcard(member));
    const id = submitted.json().data.application.id;
    const other = await createOperator(t.app, { role: 'compliance' });
    const answers = await Promise.all([
      review({ id, status: 1 }),
      review({ id, status: 2, reasons: { front: 'Blurred' } }, other.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('ALREADY_REVIEWED');
    const sent = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(sent).toHaveLength(1);
  });

  it('two submissions at once: one review is opened', async () => {
    const member = await createMember(t.app);
    const body = await idcard(member);
    const answers = await Promise.all([submit(member, body), submit(member, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db.select().from(kycApplications).where(eq(kycApplications.userId, member.user.id));
    expect(rows).toHaveLength(1);
  });

  it('withdrawals wait for a passed KYC when the setting says so', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, finance, '100');
    await t.app.db
      .update(appSettings)
      .set({ value: { ...defaultWalletSetting, withdrawRequiresKyc: true } })
      .where(eq(appSettings.key, 'wallet'));
    const apply = () =>
      api(t.app).post(
        'withdraw/apply',
        {
          amount: '20',
          currency: 'USDT',
          walletId: member.walletId,
          payPassword,
        },
        { headers: member.headers },
      );
    try {
      expect((await info(member)).requiredFor).toEqual({ withdraw: true, loan: false });
      const refused = await apply();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('KYC_REQUIRED');
      const submitted = await submit(member, await idcard(member));
      expect((await apply()).json().code).toBe('KYC_REQUIRED');
      await review({ id: submitted.json().data.application.id, status: 1 });
      const allowed = await apply();
      expect(allowed.statusCode, allowed.body).toBe(200);
      const reviewed = await api(t.app).post(
        'admin/withdraw/review',
        {
          id: allowed.json().data.id,
          status: 2,
          remark: 'Test refusal',
        },
        { headers: finance.headers },
      );
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      const kinds = (await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id))).map(
        (row) => row.kind,
      );
      expect(kinds).toEqual(['depositPassed', 'kycPassed', 'withdrawRefused']);
    } finally {
      await t.app.db.update(appSettings).set({ value: defaultWalletSetting }).where(eq(appSettings.key, 'wallet'));
    }
  });
});

describe('inbox', () => {
  it('counts unread, reads one, refuses another member’s, reads all, in the reader’s language', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    await fund(t.app, member, finance, '10');
    await fund(t.app, member, finance, '20');
    const unread = async (m: { headers: Headers }) =>
      (await api(t.app).get('notice/unread', { headers: m.headers })).json().data.count;
    expect(await unread(member)).toBe(2);
    const list = await api(t.app).get('notice/list?unread=true', {
      headers: { ...member.headers, 'x-soar-lang': 'ja' },
    });
    expect(list.json().data).toMatchObject({ total: 2, list: [{ kind: 'depositPassed', read: false }, {}] });
    // Money reads at its currency's decimals (docs/api.md, Messages).
    expect(list.json().data.list[0].body).toBe('20.00 USDT の入金が反映されました。');
    const [first, second] = list.json().data.list;
    const foreign = await api(t.app).post('notice/read', { id: first.id }, { headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOTICE_NOT_FOUND');
    expect(await unread(member)).toBe(2);
    for (const body of [{}, { id: first.id, all: true }, { id: 'x' }, { id: 2 ** 31 }, { all: false }]) {
      expect(
        (await api(t.app).post('notice/read', body, { headers: member.headers })).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    }
    const one = await api(t.app).post('notice/read', { id: second.id }, { headers: member.headers });
    expect(one.json().data).toEqual({ count: 1 });
    const all = await api(t.app).post('notice/read', { all: true }, { headers: member.headers });
    expect(all.json().data).toEqual({ count: 0 });
    expect((await api(t.app).get('notice/list?unread=true', { headers: member.headers })).json().data.total).toBe(0);
  });

  it('an announcement reaches every member’s inbox live, audited', async () => {
    const member = await createMember(t.app);
    const live = await connect(member.token, ['notice']);
    const bad = await api(t.app).post(
      'admin/notice/create',
      { translations: { en: { title: 'x', body: 'a\u0000' } } },
      { headers: support.headers },
    );
    expect(bad.statusCode).toBe(422);
    const created = await api(t.app).post(
      'admin/notice/create',
      { translations: { en: { title: 'Maintenance', body: 'Saturday 02:00 UTC' } } },
      { headers: support.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    const [count] = await t.app.db.select().from(users);
    expect(count).toBeDefined();
    expect(created.json().data.recipients).toBe((await t.app.db.select().from(users)).length);
    await live.next((frame) => frame.topic === 'notice');
    live.close();
    const list = await api(t.app).get('notice/list', { headers: member.headers });
    expect(list.json().data.list[0]).toMatchObject({
      kind: 'announcement',
      title: 'Maintenance',
      body: 'Saturday 02:00 UTC',
    });
    expect(
      (
        await api(t.app).post(
          'admin/notice/create',
          { translations: { en: { title: 'a', body: 'b' } } },
          { headers: compliance.headers },
        )
      ).statusCode,
    ).toBe(403);
    const listed = await api(t.app).get('admin/notice/list', { headers: support.headers });
    expect(listed.json().data.list[0]).toMatchObject({ title: 'Maintenance' });
  });
});

describe("the support desk's socket ends with the operator's session", () => {
  const ended = (frame: { op?: string }) => frame.op === 'auth' && (frame as { ok?: boolean }).ok === false;

  async function deskHearsNothingMore(desk: TestClient) {
    const member = await createMember(t.app);
    await api(t.app).post('support/message/send', { text: 'still there?' }, { headers: member.headers });
    const afterEnd = desk.frames.length;
    await sleep(300);
    expect(desk.frames.slice(afterEnd).filter((f) => f.topic === 'support:desk')).toEqual([]);
    expect(await desk.request({ op: 'sub', topics: ['support:desk'] })).toMatchObject({ code: 'UNAUTHORIZED' });
  }

  it('at logout, disable and password reset: no more desk frames, and the desk cannot be joined again', async () => {
    const admin = await createOperator(t.app, { role: 'admin' });
    const cases = [
      async (agent: Awaited<ReturnType<typeof createOperator>>) =>
        api(t.app).post('admin/logout', {}, { headers: agent.headers }),
      async (agent: Awaited<ReturnType<typeof createOperator>>) =>
        api(t.app).post('admin/operator/update', { id: agent.operator.id, disabled: true }, { headers: admin.headers }),
      async (agent: Awaited<ReturnType<typeof createOperator>>) =>
        api(t.app).post(
          'admin/operator/password/reset',
          { id: agent.operator.id, password: 'a new password 1' },
          { headers: admin.headers },
        ),
    ];
    for (const end of cases) {
      const agent = await createOperator(t.app, { role: 'support' });
      const desk = await connect(agent.token, ['support:desk']);
      const answer = await end(agent);
      expect(answer.statusCode, answer.body).toBe(200);
      await desk.next(ended);
      await deskHearsNothingMore(desk);
      desk.close();
    }
  });

  it('an expired session cannot join the desk', async () => {
    const agent = await createOperator(t.app, { role: 'support' });
    const desk = await TestClient.connect(t.app);
    await desk.request({ op: 'auth', token: agent.token });
    await t.app.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.operatorId, agent.operator.id));
    expect(await desk.request({ op: 'sub', topics: ['support:desk'] })).toMatchObject({ code: 'UNAUTHORIZED' });
    desk.close();
  });
});

describe('support chat', () => {
  it('member and operator talk live both ways; images are the member’s own', async () => {
    const member = await createMember(t.app);
    const mine = await connect(member.token, ['support']);
    const desk = await connect(support.token, ['support:desk']);
    const sent = await api(t.app).post(
      'support/message/send',
      {
        text: 'Hello, where is my deposit?',
      },
      { headers: member.headers },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const conversationId = sent.json().data.conversationId;
    const heard = await desk.next((f) => f.topic === 'support:desk');
    expect(heard.data).toMatchObject({ conversationId, unread: 1, message: { text: 'Hello, where is my deposit?' } });

    const listed = await api(t.app).get('admin/support/conversation/list', { headers: support.headers });
    expect(listed.json().data.list[0]).toMatchObject({ id: conversationId, uid: member.user.uid, unread: 1 });
    const thread = await api(t.app).get(`admin/support/message/list?conversationId=${conversationId}`, {
      headers: support.headers,
    });
    expect(thread.json().data.list).toHaveLength(1);
    const answered = await api(t.app).post(
      'admin/support/message/send',
      {
        conversationId,
        text: 'It is credited now.',
      },
      { headers: support.headers },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const [audited] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'support.answer'));
    expect(audited).toMatchObject({
      operatorId: expect.any(Number),
      entity: 'support_conversation',
      entityId: String(conversationId),
      after: { text: 'It is credited now.' },
    });
    const own = await mine.next((f) => f.topic === 'support');
    expect(own.data).toMatchObject({ from: 'member', conversationId });
    const reply = await mine.next((f) => f.topic === 'support' && (f.data as { from: string }).from === 'operator');
    expect(reply.data).toMatchObject({ from: 'operator', text: 'It is credited now.' });

    const picture = await image(member);
    expect(
      (await api(t.app).post('support/message/send', { image: picture }, { headers: member.headers })).statusCode,
    ).toBe(200);
    const other = await createMember(t.app);
    const stolen = await api(t.app).post('support/message/send', { image: picture }, { headers: other.headers });
    expect(stolen.json().code).toBe('SUPPORT_IMAGE_INVALID');
    const empty = await api(t.app).post('support/message/send', { text: '  ' }, { headers: member.headers });
    expect(empty.json().code).toBe('SUPPORT_MESSAGE_EMPTY');
    for (const body of [{ text: 'a\u0000' }, { text: 'a', extra: 1 }, { text: 'x'.repeat(2001) }]) {
      expect((await api(t.app).post('support/message/send', body, { headers: member.headers })).statusCode).toBe(422);
    }
    const thread2 = await api(t.app).get('support/message/list', { headers: member.headers });
    expect(thread2.json().data).toMatchObject({ conversationId, unread: 1 });
    expect(thread2.json().data.list.map((m: { from: string }) => m.from)).toEqual(['member', 'operator', 'member']);
    expect((await api(t.app).get('support/message/list', { headers: other.headers })).json().data).toEqual({
      conversationId: null,
      list: [],
      unread: 0,
    });
    const missing = await api(t.app).post(
      'admin/support/message/send',
      {
        conversationId: 2 ** 31 - 1,
        text: 'x',
      },
      { headers: support.headers },
    );
    expect(missing.json().code).toBe('SUPPORT_CONVERSATION_NOT_FOUND');
    expect((await api(t.app).get('admin/support/conversation/list', { headers: compliance.headers })).statusCode).toBe(
      403,
    );
    mine.close();
    desk.close();
  });

  it('a guest chats live by the id the browser keeps, and the chat joins the account on login', async () => {
    const guestId = 'ab'.repeat(16);
    const guestSocket = await TestClient.connect(t.app);
    expect((await guestSocket.request({ op: 'sub', topics: [`support:guest:${guestId}`] })).topics).toEqual([
      `support:guest:${guestId}`,
    ]);
    const refusedDesk = await guestSocket.request({ op: 'sub', topics: ['support:desk'] });
    expect(refusedDesk).toMatchObject({ op: 'error', code: 'UNAUTHORIZED' });
    const member = await createMember(t.app);
    const memberDesk = await TestClient.connect(t.app);
    await memberDesk.request({ op: 'auth', token: member.token });
    expect(await memberDesk.request({ op: 'sub', topics: ['support:desk'] })).toMatchObject({ code: 'UNAUTHORIZED' });
    memberDesk.close();

    const sent = await api(t.app).post('support/guest/message/send', { guestId, text: 'Can I open an account?' });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversationId = sent.json().data.conversationId;
    await api(t.app).post(
      'admin/support/message/send',
      { conversationId, text: 'Yes, sign up.' },
      { headers: support.headers },
    );
    const heard = await guestSocket.next(
      (f) => f.topic === 'support' && (f.data as { from: string }).from === 'operator',
    );
    expect(heard.data).toMatchObject({ from: 'operator', text: 'Yes, sign up.' });
    guestSocket.close();
    const bad = await api(t.app).post('support/guest/message/send', { guestId: 'xyz', text: 'a' });
    expect(bad.statusCode).toBe(422);
    const guestImage = await api(t.app).post('support/guest/message/send', { guestId, image: 'a'.repeat(32) });
    expect(guestImage.statusCode).toBe(422);

    await api(t.app).post('support/message/send', { text: 'Now I am a member' }, { headers: member.headers });
    const joined = await api(t.app).post('support/guest/join', { guestId }, { headers: member.headers });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.list.map((m: { text: string }) => m.text)).toEqual([
      'Can I open an account?',
      'Yes, sign up.',
      'Now I am a member',
    ]);
    const guestNow = await api(t.app).get(`support/guest/message/list?guestId=${guestId}`);
    expect(guestNow.json().data).toEqual({ conversationId: null, list: [], unread: 0 });
    const messages = await t.app.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, conversationId));
    expect(messages).toEqual([]);
  });
});

describe('documents', () => {
  it('serves every product document in every language, and nothing else', async () => {
    for (const name of ['terms', 'privacy', 'fee-schedule', 'fill-policy', 'loan-contract']) {
      for (const lang of ['en', 'de', 'es', 'fr', 'it', 'ja', 'zh-CN']) {
        const response = await api(t.app).get(`document?name=${name}`, { headers: { 'x-soar-lang': lang } });
        expect(response.statusCode).toBe(200);
        const doc = response.json().data;
        expect(doc.paragraphs.length).toBeGreaterThan(1);
        expect(doc.title).not.toContain('document.');
      }
    }
    expect((await api(t.app).get('document?name=https://evil.test')).statusCode).toBe(422);
  });
});
