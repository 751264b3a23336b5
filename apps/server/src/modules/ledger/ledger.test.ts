import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balances } from '../../db/schema/index.ts';
import { EventBus } from '../../lib/bus.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { expectLedgerVerified } from '../../test/wallet.ts';
import { Ledger } from './ledger.ts';
import { verifyLedger } from './verify.ts';

let t: TestApp;
let ledger: Ledger;
const events: { userId: number; currency: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const bus = new EventBus();
  bus.on('balance', (event) => events.push(event));
  ledger = new Ledger(t.app.db, bus);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const credit = (userId: number, amount: string, currency = 'USD') =>
  ledger.transaction((book) =>
    book.post({ kind: 'test_credit', reference: 'test', userId }, [
      { platform: 'cash_in_transit', currency, amount: `-${amount}` },
      { userId, bucket: 'available', currency, amount },
    ]),
  );

describe('ledger', () => {
  it('writes balanced entries with the balance after each member line and tells the bus after commit', async () => {
    const { user } = await createMember(t.app);
    events.length = 0;
    await credit(user.id, '12.5');
    await credit(user.id, '0.00000001');
    expect(events).toEqual([
      { userId: user.id, currency: 'USD' },
      { userId: user.id, currency: 'USD' },
    ]);
    const [row] = await t.app.db.select().from(balances).where(sql`user_id = ${user.id}`);
    expect(row?.available).toBe('12.50000001');
  });

  it('refuses an entry that does not sum to zero per currency and writes nothing', async () => {
    const { user } = await createMember(t.app);
    await expect(
      ledger.transaction((book) =>
        book.post({ kind: 'bad', reference: 'test' }, [
          { platform: 'cash_in_transit', currency: 'USD', amount: '-10' },
          { userId: user.id, bucket: 'available', currency: 'EUR', amount: '10' },
        ]),
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await t.app.db.select().from(balances).where(sql`user_id = ${user.id}`)).toEqual([]);
  });

  it('refuses to take a balance below zero and rolls the whole transaction back', async () => {
    const { user } = await createMember(t.app);
    await credit(user.id, '5');
    events.length = 0;
    await expect(
      ledger.transaction(async (book) => {
        await book.post({ kind: 'test', reference: 'test' }, [
          { userId: user.id, bucket: 'available', currency: 'USD', amount: '-3' },
          { userId: user.id, bucket: 'frozen', currency: 'USD', amount: '3' },
        ]);
        await book.post({ kind: 'test', reference: 'test' }, [
          { userId: user.id, bucket: 'available', currency: 'USD', amount: '-3' },
          { userId: user.id, bucket: 'frozen', currency: 'USD', amount: '3' },
        ]);
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(events).toEqual([]);
    const [row] = await t.app.db.select().from(balances).where(sql`user_id = ${user.id}`);
    expect(row).toMatchObject({ available: '5.00000000', frozen: '0.00000000' });
  });

  it('has CHECK constraints that stop a negative balance even outside the ledger', async () => {
    const { user } = await createMember(t.app);
    await credit(user.id, '1');
    await expect(
      t.app.db.execute(sql`update balances set available = -1 where user_id = ${user.id}`),
    ).rejects.toThrow();
  });

  it('verification finds a balance that the journal does not explain, and an unbalanced entry', async () => {
    const { user } = await createMember(t.app);
    await credit(user.id, '10');
    await t.app.db.execute(sql`update balances set available = available + 1 where user_id = ${user.id}`);
    const tampered = await verifyLedger(t.app.db);
    expect(tampered.ok).toBe(false);
    expect(tampered.problems.join('\n')).toContain(`balance of user ${user.id} in USD`);
    await t.app.db.execute(sql`update balances set available = available - 1 where user_id = ${user.id}`);

    await t.app.db.execute(
      sql`update journal_lines set amount = amount + 1 where id = (select max(id) from journal_lines where user_id is null)`,
    );
    const unbalanced = await verifyLedger(t.app.db);
    expect(unbalanced.problems.some((problem) => /entry \d+ sums to 1/.test(problem))).toBe(true);
    await t.app.db.execute(
      sql`update journal_lines set amount = amount - 1 where id = (select max(id) from journal_lines where user_id is null)`,
    );
  });

  it('locks two members in user order, so opposite transfers between them never deadlock', async () => {
    const a = (await createMember(t.app)).user.id;
    const b = (await createMember(t.app)).user.id;
    await credit(a, '100');
    await credit(b, '100');
    const move = (from: number, to: number) =>
      ledger.transaction((book) =>
        book.post({ kind: 'test_move', reference: 'test' }, [
          { userId: from, bucket: 'available', currency: 'USD', amount: '-1' },
          { userId: to, bucket: 'available', currency: 'USD', amount: '1' },
        ]),
      );
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? move(a, b) : move(b, a))));
    const rows = await t.app.db.select().from(balances).where(sql`user_id in (${a}, ${b})`);
    expect(rows.map((row) => row.available).sort()).toEqual(['100.00000000', '100.00000000']);
  });
});
