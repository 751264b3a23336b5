import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { depositStatuses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deposits, reviewClaims } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createMember, createOperator, expectLedgerVerified, type Headers } from '../../test/wallet.ts';

// Queues that scale past one operator (docs/admin.md, Queues): search, history, claims, stale decisions.
let t: TestApp;
let now = Date.parse('2026-06-01T10:00:00Z');
type Operator = { headers: Headers; operator: { id: number; username: string } };
let alice: Operator;
let bob: Operator;
let trading: Operator;

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(`${tmpdir()}/soar-queues-`) }, { jobs: { clock: () => now } });
  alice = await createOperator(t.app, { role: 'finance' });
  bob = await createOperator(t.app, { role: 'finance' });
  trading = await createOperator(t.app, { role: 'trading' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

async function deposit(member: { headers: Headers }, amount: string) {
  const response = await api(t.app).post(
    'deposit/apply',
    { type: 'crypto', currency: 'USDT', network: 'TRC20', amount, txHash: `0x${'cd'.repeat(32)}` },
    { headers: member.headers },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

const list = (query: string, operator: Operator = alice) =>
  api(t.app).get(`admin/deposit/list?${query}`, { headers: operator.headers });
const idsOf = (response: Awaited<ReturnType<typeof list>>) =>
  (response.json().data.list as { id: number }[]).map((item) => item.id);

describe('searching a queue', () => {
  it('finds deposits by member UID, part of the mail, amount range, date range and waiting or decided', async () => {
    const ann = await createMember(t.app, { mail: 'ann.search@example.test' });
    const ben = await createMember(t.app, { mail: 'ben.search@example.test' });
    const small = await deposit(ann, '50');
    const large = await deposit(ann, '5000');
    const bens = await deposit(ben, '700');
    const decided = await api(t.app).post(
      'admin/deposit/review',
      { id: bens, status: depositStatuses.refuse, remark: 'No transfer arrived' },
      { headers: alice.headers },
    );
    expect(decided.statusCode, decided.body).toBe(200);

    expect(idsOf(await list(`uid=${ann.user.uid}`))).toEqual([large, small]);
    expect(idsOf(await list('mail=ANN.SEARCH'))).toEqual([large, small]);
    expect(idsOf(await list('mail=search@example&amountMin=100&amountMax=1000'))).toEqual([bens]);
    expect(idsOf(await list(`uid=${ann.user.uid}&amountMin=50&amountMax=50`))).toEqual([small]);
    expect(idsOf(await list('mail=search@example&decided=false'))).toEqual([large, small]);
    expect(idsOf(await list('mail=search@example&decided=true'))).toEqual([bens]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(idsOf(await list(`mail=search@example&since=${future}`))).toEqual([]);
    expect(idsOf(await list(`mail=search@example&since=${past}&until=${future}`))).toEqual([bens, large, small]);
    // `%` and `_` are letters in a mail search, not wildcards.
    expect(idsOf(await list('mail=%25'))).toEqual([]);

    const history = (await list(`uid=${ben.user.uid}&decided=true`)).json().data.list[0];
    expect(history.decision).toEqual({ operator: alice.operator.username, at: expect.any(String) });
  });

  it('refuses a bad search (422 naming the field) in the request language', async () => {
    for (const [query, field] of [
      ['uid=123', 'Member UID'],
      ['amountMin=ten', 'Amount from'],
      ['amountMin=10&amountMax=5', 'Amount to'],
      ['since=yesterday', 'Submitted from'],
      ['since=2026-06-02T00:00:00Z&until=2026-06-01T00:00:00Z', 'Submitted until'],
      ['decided=maybe', 'Decided'],
    ] as const) {
      const refused = await list(query);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
      expect(String(refused.json().message), query).toContain(field);
    }
    const german = await api(t.app).get('admin/loan/list?amountMin=10&amountMax=5', {
      headers: alice.headers,
      lang: 'de',
    });
    expect(german.statusCode).toBe(422);
    expect(german.json().message).toEqual(['Betrag bis darf nicht vor dem Beginn des Bereichs liegen']);
  });
});

describe('claims', () => {
  it('shows a record opened by one operator as held by them to the others, until the claim expires', async () => {
    const member = await createMember(t.app);
    const id = await deposit(member, '120');
    const claim = (operator: Operator) =>
      api(t.app).post('admin/claim', { entity: 'deposit', id }, { headers: operator.headers });

    const first = await claim(alice);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      operator: alice.operator.username,
      until: new Date(now + 5 * 60_000).toISOString(),
      mine: true,
    });
    // Bob opens it too: Alice still holds it.
    expect((await claim(bob)).json().data).toMatchObject({ operator: alice.operator.username, mine: false });
    const seen = (await list(`uid=${member.user.uid}`, bob)).json().data.list[0];
    expect(seen.claim).toEqual({ operator: alice.operator.username, until: first.json().data.until, mine: false });

    // Alice's claim lapses after five minutes unrenewed: Bob takes it.
    now += 5 * 60_000 + 1;
    expect((await list(`uid=${member.user.uid}`, bob)).json().data.list[0].claim).toBeNull();
    expect((await claim(bob)).json().data).toMatchObject({ operator: bob.operator.username, mine: true });

    // Only the holder releases a claim.
    const notMine = await api(t.app).post('admin/claim/release', { entity: 'deposit', id }, { headers: alice.headers });
    expect(notMine.json().data).toEqual({ released: false });
    const released = await api(t.app).post('admin/claim/release', { entity: 'deposit', id }, { headers: bob.headers });
    expect(released.json().data).toEqual({ released: true });
    expect(await t.app.db.select().from(reviewClaims).where(eq(reviewClaims.entityId, id))).toEqual([]);
  });

  it('lets only the roles that decide a queue hold its records, and refuses an unknown queue', async () => {
    const forbidden = await api(t.app).post('admin/claim', { entity: 'deposit', id: 1 }, { headers: trading.headers });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await api(t.app).post('admin/claim', { entity: 'member', id: 1 }, { headers: alice.headers });
    expect(unknown.statusCode).toBe(422);
    expect(await t.app.db.select().from(reviewClaims).where(eq(reviewClaims.operatorId, trading.operator.id))).toEqual(
      [],
    );
  });
});

describe('a decision on a record someone decided first', () => {
  it('answers 409 saying who decided it and when, and changes nothing', async () => {
    const member = await createMember(t.app);
    const id = await deposit(member, '80');
    const passed = await api(t.app).post(
      'admin/deposit/review',
      { id, status: depositStatuses.pass },
      { headers: alice.headers },
    );
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data.decision).toEqual({ operator: alice.operator.username, at: expect.any(String) });
    const [before] = await t.app.db.select().from(deposits).where(eq(deposits.id, id));

    const stale = await api(t.app).post(
      'admin/deposit/review',
      { id, status: depositStatuses.refuse, remark: 'Looks wrong' },
      { headers: bob.headers },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ALREADY_REVIEWED');
    expect(stale.json().message).toMatch(
      new RegExp(`^Already decided by ${alice.operator.username} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`),
    );
    const [after] = await t.app.db.select().from(deposits).where(eq(deposits.id, id));
    expect(after).toEqual(before);
  });
});
