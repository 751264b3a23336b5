import { readFile } from 'node:fs/promises';
import { parseAlpacaMessage } from './alpaca-messages.ts';
import type { Feed, FeedSink } from './feed.ts';
import type { Instrument } from './instrument.ts';

export type ReplayOptions = {
  file: string;
  /** 1 plays the recording in its own time, 10 ten times faster. */
  speed: number;
  clock: () => number;
  /** Starts again from the first message after the last (a demo that never runs dry). */
  loop?: boolean;
};

type Recorded = { at: number; item: unknown };

/**
 * A recorded session played back (docs/market.md, Replay): an NDJSON file of Alpaca stream
 * messages (trades `t`, quotes `q`, bars `b`), each with its `t`. The gaps between messages are
 * kept (divided by the speed); each message takes the engine's time when it plays, so sessions,
 * day orders and candles run on today's clock and the same file gives the same fills.
 */
export class ReplayFeed implements Feed {
  readonly source = 'replay' as const;
  #messages: Recorded[] = [];
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #passes = 0;
  readonly #passed = new Set<() => void>();

  constructor(private readonly options: ReplayOptions) {
    if (!(options.speed > 0)) throw new Error('MARKET_REPLAY_SPEED must be a number above 0');
  }

  /** Reads the recording; a line that is not JSON stops the start, naming the line. */
  async load(): Promise<void> {
    const text = await readFile(this.options.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(`MARKET_REPLAY_FILE ${this.options.file} cannot be read (${error.code ?? error.message})`);
    });
    this.#messages = text.split('\n').flatMap((line, index) => {
      if (line.trim() === '') return [];
      let item: unknown;
      try {
        item = JSON.parse(line);
      } catch {
        throw new Error(`MARKET_REPLAY_FILE line ${index + 1} is not JSON`);
      }
      const at = Date.parse(String((item as { t?: unknown } | null)?.t));
      return [{ at: Number.isFinite(at) ? at : Number.NaN, item }];
    });
  }

  /** The symbols the recording trades. */
  get symbols(): string[] {
    return [
      ...new Set(this.#messages.map(({ item }) => (item as { S?: unknown }).S).filter((s) => typeof s === 'string')),
    ];
  }

  markets(universe: readonly Instrument[]): string[] {
    const symbols = new Set(this.symbols);
    return [
      ...new Set(
        universe.filter((item) => item.kind === 'stock' && symbols.has(item.symbol)).map((item) => item.market),
      ),
    ];
  }

  /** Plays from the first message (again on a node taking over the engine: a recording, not a live feed). */
  async start(_symbols: string[], sink: FeedSink): Promise<void> {
    this.#stopped = false;
    sink.state('connected');
    this.#play(sink, 0);
  }

  /** Resolves once the recording has played through `passes` times. */
  played(passes = 1): Promise<void> {
    if (this.#passes >= passes) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (this.#passes < passes) return;
        this.#passed.delete(check);
        resolve();
      };
      this.#passed.add(check);
    });
  }

  #play(sink: FeedSink, index: number): void {
    if (this.#stopped) return;
    const recorded = this.#messages[index];
    if (!recorded) {
      this.#passes += 1;
      for (const check of [...this.#passed]) check();
      if (this.options.loop && this.#messages.length > 0) this.#timer = setTimeout(() => this.#play(sink, 0), 1000);
      return;
    }
    const now = this.options.clock();
    sink.heard();
    const message = parseAlpacaMessage(recorded.item);
    if (message.kind === 'trade') sink.trade({ ...message.trade, time: now });
    else if (message.kind === 'quote') sink.quote({ ...message.quote, time: now });
    else if (message.kind === 'bar') sink.bars('1m', [{ ...message.bar, time: now - (now % 60_000) }]);
    else if (message.kind === 'malformed') sink.malformed(message.reason);
    const next = this.#messages[index + 1];
    const gap = next && Number.isFinite(next.at) && Number.isFinite(recorded.at) ? next.at - recorded.at : 0;
    this.#timer = setTimeout(() => this.#play(sink, index + 1), Math.max(0, gap) / this.options.speed);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }
}
