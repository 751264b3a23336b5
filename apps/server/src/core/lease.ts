import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { queryRows } from '../db/client.ts';

/** A node that held the engine lease no longer does: its engine write must not land. */
export class LeaseLost extends Error {
  constructor(readonly epoch: number) {
    super(`the engine lease of epoch ${epoch} is held by another node now`);
  }
}

/** What engine work checks inside each of its transactions: that its lease's epoch still holds. */
export type Fence = { epoch: number; check(tx: Transaction): Promise<void> };

const fences = new AsyncLocalStorage<Fence>();

/**
 * Runs `work` as engine work: it, and every timer, listener and promise it starts, carries the
 * fence, so each transaction they open checks the lease first (`fenceTransactions`).
 */
export function asEngineWork<T>(fence: Fence, work: () => T): T {
  return fences.run(fence, work);
}

/** The lease epoch of the engine work running now, or undefined outside engine work. */
export function engineEpoch(): number | undefined {
  return fences.getStore()?.epoch;
}

/**
 * Makes every transaction of `db` opened by engine work check the fence first. The check takes a
 * share lock on the lease row, which a new holder's take-over waits for: an old holder's
 * transaction either commits before the epoch moves on or sees the new epoch and fails.
 */
export function fenceTransactions(db: Database): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: (tx: Transaction) => Promise<unknown>, config?: unknown) =>
    transaction(async (tx) => {
      await fences.getStore()?.check(tx);
      return work(tx);
    }, config as never)) as typeof db.transaction;
}

/** This process, as a lease holder names it: host, pid and a random part (a pid may come back). */
export const nodeName = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const leaseName = 'engine';

/**
 * The engine lease (docs/scaling.md, Standby engine): a row in `engine_leases` that one node holds
 * until it expires, renewed every second. Times are the database's, so nodes' clocks never
 * decide; each new holder adds one to the epoch, the fencing token of its writes.
 */
export class EngineLease {
  #epoch: number | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: { seconds: number; node?: string; onLost?: (epoch: number) => void },
  ) {}

  get node(): string {
    return this.options.node ?? nodeName;
  }

  /** The epoch this node holds, or undefined. */
  get epoch(): number | undefined {
    return this.#epoch;
  }

  /** Takes the lease when it is free or expired; answers whether this node holds it now. */
  async acquire(): Promise<boolean> {
    const [row] = await queryRows<{ epoch: string | number }>(
      this.db,
      sql`insert into engine_leases (name, holder, epoch, acquired_at, expires_at)
        values (${leaseName}, ${this.node}, 1, now(), now() + make_interval(secs => ${this.options.seconds}))
        on conflict (name) do update set
          holder = excluded.holder, epoch = engine_leases.epoch + 1,
          acquired_at = excluded.acquired_at, expires_at = excluded.expires_at
        where engine_leases.expires_at < now()
        returning epoch`,
    );
    this.#epoch = row ? Number(row.epoch) : undefined;
    return this.#epoch !== undefined;
  }

  /** Moves the expiry on; false when another node took the lease (this one must stop). */
  async renew(): Promise<boolean> {
    const epoch = this.#epoch;
    if (epoch === undefined) return false;
    const rows = await queryRows<{ epoch: string | number }>(
      this.db,
      sql`update engine_leases set expires_at = now() + make_interval(secs => ${this.options.seconds})
        where name = ${leaseName} and holder = ${this.node} and epoch = ${epoch}
        returning epoch`,
    );
    if (rows.length === 0) this.#lost(epoch);
    return rows.length > 0;
  }

  /** Hands the lease back at once (a clean stop): a standby takes over on its next look. */
  async release(): Promise<void> {
    const epoch = this.#epoch;
    if (epoch === undefined) return;
    this.#epoch = undefined;
    await this.db.execute(
      sql`update engine_leases set expires_at = now() - interval '1 second'
        where name = ${leaseName} and holder = ${this.node} and epoch = ${epoch}`,
    );
  }

  /** The fence of the epoch held now: engine transactions run its check first. */
  fence(): Fence {
    const epoch = this.#epoch;
    if (epoch === undefined) throw new Error('the engine lease is not held');
    return {
      epoch,
      check: async (tx) => {
        const rows = await queryRows<{ epoch: string | number }>(
          tx,
          sql`select epoch from engine_leases
            where name = ${leaseName} and holder = ${this.node} and epoch = ${epoch} for share`,
        );
        if (rows.length > 0) return;
        this.#lost(epoch);
        throw new LeaseLost(epoch);
      },
    };
  }

  #lost(epoch: number) {
    if (this.#epoch !== epoch) return;
    this.#epoch = undefined;
    this.options.onLost?.(epoch);
  }
}
