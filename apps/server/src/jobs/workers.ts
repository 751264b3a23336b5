/**
 * Work that runs continuously on the engine node rather than once per period (docs/jobs.md,
 * Workers): the chain watchers and the signer. The runner starts and stops them with the jobs,
 * from one place, so whatever decides where jobs run decides for workers too.
 */
export type Worker = {
  name: string;
  /**
   * One round of work; answers true when more is waiting at once (a watcher behind the chain),
   * so the next round starts without the pause. A failure is reported and retried after the pause.
   */
  pass(now: Date): Promise<boolean>;
  /** The pause between rounds when nothing more is waiting. */
  intervalMs: number;
};

/** Runs one worker's rounds one after another until stopped. */
export class WorkerLoop {
  #stopped = true;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    readonly worker: Worker,
    private readonly clock: () => number,
    private readonly onError: (error: unknown, worker: string) => void,
  ) {}

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #schedule(delayMs: number) {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#round().finally(() => {
        this.#running = undefined;
      });
    }, delayMs).unref();
  }

  async #round() {
    let more = false;
    try {
      more = await this.worker.pass(new Date(this.clock()));
    } catch (error) {
      this.onError(error, this.worker.name);
    }
    this.#schedule(more ? 0 : this.worker.intervalMs);
  }
}
