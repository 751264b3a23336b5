import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { engineEpoch, LeaseLost } from '../core/lease.ts';
import type { Database } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';
import { type Worker, WorkerLoop } from './workers.ts';

export type JobContext = {
  db: Database;
  /** The runner's clock at the start of the run (tests move it). */
  now: Date;
  period: string;
};

/**
 * Scheduled work (docs/jobs.md). `periods` names what is due at `now`, oldest first, given the
 * newest period already done (by string order; `undefined` before the first run): returning every period since
 * then is how missed periods are caught up after a restart. `run` handles one period and answers
 * how many items it handled; it commits each member's part in its own transaction and must be
 * safe to run again after a crash in the middle (a failed period is retried).
 */
export type Job = {
  name: string;
  periods(now: Date, lastDone: string | undefined): string[] | Promise<string[]>;
  run(context: JobContext): Promise<number>;
  /**
   * When the next period falls due, for the operators' status page: after `now`, or `now` when a
   * period is already due (the next pass runs it); undefined when nothing is scheduled.
   */
  next?(now: Date): Date | undefined | Promise<Date | undefined>;
};

export type RunReport = { job: string; period: string; status: 'done' | 'failed'; items: number; error?: string };

export type JobStatus = {
  name: string;
  lastPeriod: string | null;
  lastStatus: 'running' | 'done' | 'failed' | null;
  lastRunAt: string | null;
  nextRunAt: string | null;
  failures: number;
  lastError: string | null;
};

/** A failed period is tried again on later passes, this many times in all. */
const maxAttempts = 5;
/** A run left `running` this long ago died with its node: another run may take the period. */
const staleRunMs = 10 * 60 * 1000;

export type RunnerOptions = {
  clock?: () => number;
  /** How often the runner looks for due periods (default 15 s). */
  intervalMs?: number;
  onError?: (error: unknown, job: string, period: string) => void;
};

/** Runs registered jobs on the engine node; each (job, period) at most once across all nodes. */
export class JobRunner {
  readonly #jobs = new Map<string, Job>();
  readonly #workers = new Map<string, WorkerLoop>();
  readonly clock: () => number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RunReport[]> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: RunnerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  register(job: Job): void {
    if (this.#jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.#jobs.set(job.name, job);
  }

  get jobs(): Job[] {
    return [...this.#jobs.values()];
  }

  /** A worker (docs/jobs.md, Workers) starts and stops with the jobs. */
  registerWorker(worker: Worker): void {
    if (this.#workers.has(worker.name)) throw new Error(`worker ${worker.name} is registered twice`);
    const onError = (error: unknown, name: string) => this.options.onError?.(error, name, '*');
    this.#workers.set(worker.name, new WorkerLoop(worker, this.clock, onError));
  }

  get workers(): Worker[] {
    return [...this.#workers.values()].map((loop) => loop.worker);
  }

  /** Catches up at once, then looks again every interval; the timer never holds the process. Starts the workers. */
  start(): void {
    if (this.#timer) return;
    const tick = () => void this.runDue().catch((error) => this.options.onError?.(error, '*', '*'));
    tick();
    this.#timer = setInterval(tick, this.options.intervalMs ?? 15_000).unref();
    for (const loop of this.#workers.values()) loop.start();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.all([...this.#workers.values()].map((loop) => loop.stop()));
    await this.#running?.catch(() => undefined);
  }

  /** Runs every due period of every job, one after another; overlapping calls share one pass. */
  runDue(now: Date = new Date(this.clock())): Promise<RunReport[]> {
    if (!this.#running) {
      this.#running = this.#pass(now).finally(() => {
        this.#running = undefined;
      });
    }
    return this.#running;
  }

  async #pass(now: Date): Promise<RunReport[]> {
    const reports: RunReport[] = [];
    for (const job of this.#jobs.values()) {
      const [last] = await this.db
        .select({ period: jobRuns.period })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.status, 'done')))
        .orderBy(desc(jobRuns.period))
        .limit(1);
      const failed = await this.db
        .select({ period: jobRuns.period })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.status, 'failed'), lt(jobRuns.attempts, maxAttempts)))
        .orderBy(jobRuns.period);
      const due = new Set([...failed.map((row) => row.period), ...(await job.periods(now, last?.period))]);
      for (const period of due) {
        const report = await this.runPeriod(job, period, now);
        if (report) reports.push(report);
      }
    }
    return reports;
  }

  /**
   * Claims the period (or a failed or stale claim of it, or one of a node whose engine lease has
   * passed to this one) and runs it; undefined when it is not ours.
   */
  async runPeriod(job: Job, period: string, now: Date): Promise<RunReport | undefined> {
    const staleBefore = new Date(now.getTime() - staleRunMs);
    const epoch = engineEpoch() ?? null;
    const orphaned = epoch === null ? sql`false` : sql`coalesce(${jobRuns.epoch}, 0) < ${epoch}`;
    // A transaction, so the engine lease's fence checks the claim (docs/scaling.md).
    const [claimed] = await this.db.transaction((tx) =>
      tx
        .insert(jobRuns)
        .values({ job: job.name, period, status: 'running', startedAt: now, epoch })
        .onConflictDoUpdate({
          target: [jobRuns.job, jobRuns.period],
          set: { status: 'running', attempts: sql`${jobRuns.attempts} + 1`, startedAt: now, error: null, epoch },
          setWhere: sql`${jobRuns.status} = 'failed' or (${jobRuns.status} = 'running' and (${jobRuns.startedAt} < ${staleBefore} or ${orphaned}))`,
        })
        .returning({ job: jobRuns.job }),
    );
    if (!claimed) return undefined;
    // Its end is written only while the claim is this node's, in a transaction its fence checks: a
    // node that lost the lease leaves the period `running` for the new holder to take over.
    const where = and(
      eq(jobRuns.job, job.name),
      eq(jobRuns.period, period),
      sql`${jobRuns.epoch} is not distinct from ${epoch}`,
    );
    const end = (set: Partial<typeof jobRuns.$inferInsert>) =>
      this.db.transaction((tx) =>
        tx
          .update(jobRuns)
          .set({ ...set, finishedAt: new Date(this.clock()) })
          .where(where),
      );
    let items: number;
    try {
      items = await job.run({ db: this.db, now, period });
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await end({ status: 'failed', error: message.slice(0, 1000) });
      this.options.onError?.(error, job.name, period);
      return { job: job.name, period, status: 'failed', items: 0, error: message };
    }
    await end({ status: 'done', items });
    return { job: job.name, period, status: 'done', items };
  }

  /** Per job: the latest run, the next due time, and how many periods failed. */
  async status(now: Date = new Date(this.clock())): Promise<JobStatus[]> {
    const rows = await this.db
      .select({
        job: jobRuns.job,
        period: jobRuns.period,
        status: jobRuns.status,
        startedAt: jobRuns.startedAt,
        error: jobRuns.error,
        failures: sql<number>`(count(*) filter (where ${jobRuns.status} = 'failed') over (partition by ${jobRuns.job}))::int`,
        rank: sql<number>`(row_number() over (partition by ${jobRuns.job} order by ${jobRuns.startedAt} desc))::int`,
      })
      .from(jobRuns);
    const latest = new Map(rows.filter((row) => row.rank === 1).map((row) => [row.job, row]));
    const nextRuns = await Promise.all(this.jobs.map((job) => job.next?.(now)));
    return this.jobs.map((job, index) => {
      const row = latest.get(job.name);
      return {
        name: job.name,
        lastPeriod: row?.period ?? null,
        lastStatus: row?.status ?? null,
        lastRunAt: row?.startedAt.toISOString() ?? null,
        nextRunAt: nextRuns[index]?.toISOString() ?? null,
        failures: row?.failures ?? 0,
        lastError: row?.status === 'failed' ? row.error : null,
      };
    });
  }
}
