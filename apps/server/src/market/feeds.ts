import type { FeedConfig } from '../config.ts';
import { AlpacaFeed } from './alpaca.ts';
import { useCalendar } from './calendar.ts';
import type { Feed } from './feed.ts';
import { ReplayFeed } from './replay.ts';

export type FeedOptions = {
  clock: () => number;
  /** First reconnect delay (tests shorten it). */
  backoffMs?: number;
  onError?: (error: unknown) => void;
};

/** The feeds the configuration asks for (docs/market.md, Feeds): none means the simulator alone. */
export async function createFeeds(config: FeedConfig | undefined, options: FeedOptions): Promise<Feed[]> {
  const feeds: Feed[] = [];
  if (config?.alpaca) {
    const alpaca = new AlpacaFeed({ ...config.alpaca, ...options });
    // The vendor's calendar wins for the US where it answers (docs/market.md, Calendars).
    await alpaca
      .calendar()
      .then((calendar) => useCalendar('US', calendar))
      .catch((error: unknown) => options.onError?.(error));
    feeds.push(alpaca);
  }
  if (config?.replay) {
    const replay = new ReplayFeed({ ...config.replay, clock: options.clock, loop: true });
    await replay.load();
    feeds.push(replay);
  }
  return feeds;
}
