// bench:ledger's workload, shared with bench:trade (its baseline): each client its own member,
// running withdraw-freeze / withdraw-refuse cycles through `WithdrawService`, each a full ledger
// transaction (docs/performance.md, bench:ledger). A cycle is two ledger transactions.
import { withdrawStatuses } from '@soar/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { users, walletAddresses } from '../../apps/server/src/db/schema/index.ts';
import { Money } from '../../apps/server/src/lib/decimal.ts';
import { Ledger } from '../../apps/server/src/modules/ledger/ledger.ts';
import { WithdrawService } from '../../apps/server/src/modules/wallet/withdraw.ts';

/** Bench members get ids from here: easy to find in captured SQL (bench:ledger's pgbench script). */
export const firstMemberId = 900_001;

export type WithdrawMember = { userId: number; wallet: typeof walletAddresses.$inferSelect };

export type WithdrawRun = { transactions: number; seconds: number; perSecond: number; p99Ms: number; avgMs: number };

export type WithdrawCycles = {
  members: WithdrawMember[];
  /** One freeze, then its refusal: two ledger transactions. */
  cycle(member: WithdrawMember): Promise<void>;
  /** Every client cycles for `ms`; the figures count ledger transactions. */
  run(ms: number): Promise<WithdrawRun>;
};

/**
 * Creates `clients` members (ids from `firstMemberId`), each with a wallet and funded through the
 * ledger, and the bench reviewer (operator 0), on a migrated database with its settings seeded.
 */
export async function withdrawCycles(db: Database, clients: number): Promise<WithdrawCycles> {
  const ledger = new Ledger(db);
  const withdrawals = new WithdrawService(db, ledger);

  // One member per client, so the run measures the ledger's own cost rather than contention on a
  // single balance row (the race tests cover that).
  const members: WithdrawMember[] = [];
  for (let i = 0; i < clients; i += 1) {
    const [user] = await db
      .insert(users)
      .values({
        id: firstMemberId + i,
        uid: `b${i}`,
        nickname: `bench ${i}`,
        passwordHash: '-',
        inviteCode: `BENCH${i}`,
      })
      .returning();
    if (!user) throw new Error('no user');
    const [wallet] = await db
      .insert(walletAddresses)
      .values({ userId: user.id, name: 'bench', currency: 'USDT', network: 'TRC20', address: `T${i}` })
      .returning();
    if (!wallet) throw new Error('no wallet');
    await ledger.transaction((book) =>
      book.post({ kind: 'bench_funding', reference: 'bench', userId: user.id }, [
        { platform: 'demo_funding', currency: 'USDT', amount: '-1000000' },
        { userId: user.id, bucket: 'available', currency: 'USDT', amount: '1000000' },
      ]),
    );
    members.push({ userId: user.id, wallet });
  }
  // The audit log references operators: the bench reviewer is operator 0, created here.
  await db.execute(sql`insert into operators (id, username, password_hash) values (0, 'bench', '-')`);

  const reviewer = { operatorId: 0, ip: 'bench' };
  let latencies: number[] = [];
  async function cycle(member: WithdrawMember) {
    let started = performance.now();
    const frozen = await withdrawals.freeze(member.userId, {
      currency: 'USDT',
      amount: new Money(10),
      fee: new Money(1),
      wallet: member.wallet,
      arrival: { currency: 'USDT', amount: new Money(10), rate: new Money(1) },
    });
    latencies.push(performance.now() - started);
    started = performance.now();
    await withdrawals.review(reviewer, { id: frozen.id, status: withdrawStatuses.refuse });
    latencies.push(performance.now() - started);
  }

  async function run(ms: number): Promise<WithdrawRun> {
    latencies = [];
    const started = performance.now();
    const deadline = started + ms;
    await Promise.all(
      members.map(async (member) => {
        while (performance.now() < deadline) await cycle(member);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      transactions: sorted.length,
      seconds,
      perSecond: sorted.length / seconds,
      p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      avgMs: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
    };
  }

  return { members, cycle, run };
}
