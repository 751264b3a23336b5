import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TickEvent } from '../../market/provider.ts';

export type UserEvent = { userId: number; topic: string; data: unknown };
/** A frame for everyone on a shared topic, never coalesced (chat messages). */
export type TopicEvent = { topic: string; data: unknown /** the topic name the frame carries */; as?: string };

/** Receives what any node published (this one included), exactly once per node. */
export type FanOutHandlers = {
  ticks(events: TickEvent[], fromThisNode: boolean): void;
  user(event: UserEvent): void;
  topic(event: TopicEvent): void;
};

/**
 * Spreads ticks and user events to every API node. Without Redis the node talks to itself;
 * with Redis everything goes through pub/sub (this node too), so each event is delivered once
 * on every node whichever node produced it.
 */
export interface FanOut {
  publishTicks(events: TickEvent[]): void;
  publishUser(event: UserEvent): void;
  publishTopic(event: TopicEvent): void;
  close(): Promise<void>;
}

export class LocalFanOut implements FanOut {
  constructor(private readonly handlers: FanOutHandlers) {}
  publishTicks(events: TickEvent[]): void {
    this.handlers.ticks(events, true);
  }
  publishUser(event: UserEvent): void {
    this.handlers.user(event);
  }
  publishTopic(event: TopicEvent): void {
    this.handlers.topic(event);
  }
  async close(): Promise<void> {}
}

type Envelope = { origin: string; ticks?: TickEvent[]; user?: UserEvent; topic?: TopicEvent };

export class RedisFanOut implements FanOut {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #origin = randomBytes(8).toString('hex');
  readonly #channel: string;

  private constructor(url: string, prefix: string, handlers: FanOutHandlers) {
    this.#channel = `${prefix}realtime`;
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true };
    this.#publisher = new Redis(url, options);
    this.#subscriber = new Redis(url, options);
    this.#subscriber.on('message', (_channel: string, message: string) => {
      const envelope = JSON.parse(message) as Envelope;
      if (envelope.ticks) handlers.ticks(envelope.ticks, envelope.origin === this.#origin);
      if (envelope.user) handlers.user(envelope.user);
      if (envelope.topic) handlers.topic(envelope.topic);
    });
  }

  static async connect(url: string, prefix: string, handlers: FanOutHandlers): Promise<RedisFanOut> {
    const fanOut = new RedisFanOut(url, prefix, handlers);
    await Promise.all([fanOut.#publisher.connect(), fanOut.#subscriber.connect()]);
    await fanOut.#subscriber.subscribe(fanOut.#channel);
    return fanOut;
  }

  #publish(envelope: Omit<Envelope, 'origin'>) {
    void this.#publisher.publish(this.#channel, JSON.stringify({ origin: this.#origin, ...envelope })).catch(() => {});
  }

  publishTicks(ticks: TickEvent[]): void {
    this.#publish({ ticks });
  }

  publishUser(user: UserEvent): void {
    this.#publish({ user });
  }

  publishTopic(topic: TopicEvent): void {
    this.#publish({ topic });
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.#subscriber.quit(), this.#publisher.quit()]);
  }
}
