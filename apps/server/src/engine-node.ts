import { asEngineWork, type EngineLease } from './core/lease.ts';

/** What `GET /readyz` says of this node's engine (docs/scaling.md, Standby engine). */
export type EngineRole = 'leader' | 'standby' | 'off';

export type EngineWork = {
  /** Starts the engine's work here: feeds, ticks, the trigger book, jobs and workers. */
  lead(): Promise<void>;
  /** Stops it: the lease was lost, or the node stops. Never throws. */
  stand(): Promise<void>;
};

/**
 * Decides whether this engine node runs the engine (docs/scaling.md, Standby engine). Every second
 * the leader renews the lease and a standby tries to take it. A leader stops its engine work when
 * a renewal finds the lease taken, when a fenced write fails, or when it has not renewed for all
 * but the last second of the lease (a database it cannot reach may already have a new holder);
 * its writes are fenced anyway, so stopping late loses nothing. Without a lease (the embedded
 * database serves one process) the node leads from the start.
 */
export class EngineNode {
  #role: EngineRole = 'off';
  #timer: NodeJS.Timeout | undefined;
  #beating = false;
  #renewedAt = 0;
  /** Leading and standing follow each other, never overlap. */
  #changes: Promise<void> = Promise.resolve();

  constructor(
    private readonly work: EngineWork,
    private readonly options: {
      lease?: EngineLease;
      seconds: number;
      onError: (error: unknown) => void;
      onRole?: (role: EngineRole, epoch?: number) => void;
    },
  ) {}

  get role(): EngineRole {
    return this.#role;
  }

  /** Leads at once when the lease is free (a start-up failure rejects), else stands by. */
  async start(): Promise<void> {
    const { lease } = this.options;
    if (!lease) {
      this.#setRole('leader');
      await this.work.lead();
      return;
    }
    this.#setRole('standby');
    if (await lease.acquire()) {
      this.#renewedAt = Date.now();
      this.#setRole('leader', lease.epoch);
      await asEngineWork(lease.fence(), () => this.work.lead());
    }
    this.#timer = setInterval(() => void this.#beat(), 1000).unref();
  }

  /** The lease's fence failed a write: another node leads now. */
  lost(): void {
    if (this.#role !== 'leader') return;
    this.#setRole('standby');
    this.#change(() => this.work.stand());
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const leading = this.#role === 'leader';
    this.#role = 'off';
    await this.#changes;
    if (leading) await this.work.stand();
    await this.options.lease?.release().catch(this.options.onError);
  }

  async #beat(): Promise<void> {
    const { lease } = this.options;
    if (!lease || this.#beating || this.#role === 'off') return;
    this.#beating = true;
    try {
      if (this.#role === 'leader') await this.#renew(lease);
      else if (await lease.acquire()) {
        this.#renewedAt = Date.now();
        this.#setRole('leader', lease.epoch);
        const fence = lease.fence();
        this.#change(async () => {
          try {
            await asEngineWork(fence, () => this.work.lead());
          } catch (error) {
            this.options.onError(error);
            this.lost();
            await lease.release().catch(this.options.onError);
          }
        });
      }
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.#beating = false;
    }
  }

  async #renew(lease: EngineLease): Promise<void> {
    try {
      if (await lease.renew()) this.#renewedAt = Date.now();
      else this.lost();
    } catch (error) {
      this.options.onError(error);
      if (Date.now() - this.#renewedAt >= (this.options.seconds - 1) * 1000) this.lost();
    }
  }

  #change(step: () => Promise<void>) {
    this.#changes = this.#changes.then(step, step);
  }

  #setRole(role: EngineRole, epoch?: number) {
    this.#role = role;
    this.options.onRole?.(role, epoch);
  }
}
