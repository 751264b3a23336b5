import { and, eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { auditLog, notices, statements } from '../../db/schema/index.ts';
import { createMember } from '../../test/fixtures.ts';
import { api } from '../../test/http.ts';
import { novemberScenario, type Scenario } from '../../test/portfolio-kit.ts';
import { expectLedgerVerified } from '../../test/wallet.ts';

let s: Scenario;
let statementId: number;

beforeAll(async () => {
  s = await novemberScenario();
  await s.runJobsAt('2026-12-01T00:30:00Z');
});
afterAll(() => s.t.close());

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('monthly statements (docs/product.md, Statements)', () => {
  it('are made at the month’s end, reconciling with the ledger to the cent', async () => {
    const response = await api(s.t.app).get('statement/list', { headers: s.member.headers });
    expect(response.statusCode, response.body).toBe(200);
    const { list } = response.json().data;
    expect(list).toHaveLength(1);
    statementId = list[0].id;
    expect(list[0].month).toBe('2026-11');
    // USD: deposit 10,000 and the close's 438.46 in; 1,001.60 (AAPL) and 1,001.45 (TSLA) out.
    // USDT: deposit 5,000 and the loan's 1,000 in; the allotment's 2,005 out of the frozen balance.
    expect(list[0].balances).toEqual([
      { currency: 'USD', opening: '0', credits: '10438.46', debits: '2003.05', closing: '8435.41' },
      { currency: 'USDT', opening: '0', credits: '6000', debits: '2005', closing: '3995' },
    ]);
    // The closing balances are the journal's sums and what the wallet holds.
    const journal = await queryRows<{ currency: string; total: string }>(
      s.t.app.db,
      sql`select currency, sum(amount)::text as total from journal_lines where user_id = ${s.member.user.id}
          group by currency order by currency`,
    );
    expect(journal.map((row) => [row.currency, Number(row.total).toFixed(2)])).toEqual([
      ['USD', '8435.41'],
      ['USDT', '3995.00'],
    ]);
    const wallet = (await api(s.t.app).get('wallet/balance', { headers: s.member.headers })).json().data.list;
    expect(wallet.find((item: { currency: string }) => item.currency === 'USD').available).toBe('8435.41');
    const [row] = await s.t.app.db.select().from(statements).where(eq(statements.id, statementId));
    const byKind = new Map<string, number>();
    for (const item of row?.record.activity ?? []) {
      byKind.set(item.currency, Math.round(((byKind.get(item.currency) ?? 0) + Number(item.amount)) * 100) / 100);
    }
    expect(Object.fromEntries(byKind)).toEqual({ USD: 8435.41, USDT: 3995 });
    expect(row?.record.realised).toEqual([{ currency: 'USD', recorded: '38.42', fifo: '37.82', average: '37.82' }]);
    expect(row?.record.positions.map((item) => [item.symbol, item.direction, item.quantity])).toEqual([
      ['AAPL', 'buy', 6],
      ['TSLA', 'sell', 5],
      ['SNAP', 'buy', 200],
    ]);
    await expectLedgerVerified(s.t.app);
  });

  it('the month job run twice for one month writes one statement and one notice', async () => {
    const job = s.t.app.jobs.jobs.find((item) => item.name === 'statement.month');
    if (!job) throw new Error('statement.month is not registered');
    await job.run({ db: s.t.app.db, now: new Date(s.clock.now), period: '2026-11' });
    const rows = await s.t.app.db.select().from(statements).where(eq(statements.userId, s.member.user.id));
    expect(rows).toHaveLength(1);
    const told = await s.t.app.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, s.member.user.id), eq(notices.kind, 'statementReady')));
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toEqual({ month: '2026-11' });
  });

  it('downloads as a PDF in the reader’s language, Japanese included', async () => {
    const english = await api(s.t.app).get(`statement/download?id=${statementId}`, { headers: s.member.headers });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe('attachment; filename="soar-statement-2026-11-en.pdf"');
    const text = await pdfText(english.rawPayload);
    expect(text).toContain('Monthly statement');
    expect(text).toContain('8,435.41');
    expect(text).toContain('Sell short');
    expect(text).toContain('AAPL');
    const japanese = await api(s.t.app).get(`statement/download?id=${statementId}`, {
      headers: s.member.headers,
      lang: 'ja',
    });
    expect(japanese.statusCode).toBe(200);
    const jaText = await pdfText(japanese.rawPayload);
    expect(jaText).toContain('月次取引報告書');
    expect(jaText).toContain('空売り');
    expect(jaText).toContain('8,435.41');
    expect(jaText).toContain('2026-11');
  });

  it('is the session member’s only: another member’s id is not found, bad ids are refused', async () => {
    const other = await createMember(s.t.app);
    const foreign = await api(s.t.app).get(`statement/download?id=${statementId}`, { headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('STATEMENT_NOT_FOUND');
    expect((await api(s.t.app).get('statement/list', { headers: other.headers })).json().data.list).toEqual([]);
    for (const id of ['2147483648', 'abc', '-1', '1%00']) {
      const bad = await api(s.t.app).get(`statement/download?id=${id}`, { headers: s.member.headers });
      expect(bad.statusCode, id).toBe(422);
    }
    expect((await api(s.t.app).get(`statement/download?id=${statementId}`)).statusCode).toBe(401);
  });

  it('an operator regenerates one from the ledger, audited; a month not ended is refused', async () => {
    const body = { userId: s.member.user.id, month: '2026-11' };
    const regenerated = await api(s.t.app).post('admin/statement/regenerate', body, { headers: s.operator.headers });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(regenerated.json().data).toMatchObject({
      id: statementId,
      month: '2026-11',
      regeneratedAt: '2026-12-01T00:30:00.000Z',
    });
    const audits = await s.t.app.db.select().from(auditLog).where(eq(auditLog.action, 'statement.regenerate'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.entityId).toBe(String(statementId));
    const listed = await api(s.t.app).get(`admin/statement/list?userId=${s.member.user.id}`, {
      headers: s.operator.headers,
    });
    expect(listed.json().data.list.map((item: { id: number }) => item.id)).toEqual([statementId]);

    const open = await api(s.t.app).post(
      'admin/statement/regenerate',
      { ...body, month: '2026-12' },
      { headers: s.operator.headers },
    );
    expect(open.statusCode).toBe(422);
    expect(open.json().code).toBe('STATEMENT_MONTH_INVALID');
    for (const bad of [
      { ...body, month: '2026-13' },
      { ...body, extra: 1 },
      { ...body, userId: 2 ** 31 },
    ]) {
      const refused = await api(s.t.app).post('admin/statement/regenerate', bad, { headers: s.operator.headers });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
    }
    const member = await api(s.t.app).post('admin/statement/regenerate', body, { headers: s.member.headers });
    expect(member.statusCode).toBe(401);
  });
});
