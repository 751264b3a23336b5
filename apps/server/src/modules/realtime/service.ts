import { type FeedHealth, klineIntervals, userTopics } from '@soar/contract';
import {
  liveMemberSessionIds,
  liveOperatorSessionIds,
  memberSessionOfToken,
  operatorSessionOfToken,
} from '../../core/sessions.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../lib/bus.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { QuoteProvider, TickEvent } from '../../market/provider.ts';
import { deskTopic, guestTopic } from '../identity/index.ts';
import { type FanOut, type FanOutHandlers, LocalFanOut, RedisFanOut } from './fanout.ts';
import { type HubOptions, RealtimeHub, type SocketOperator } from './hub.ts';

export type RealtimeOptions = HubOptions & {
  /** Prefix of the Redis channel (tests keep parallel runs apart). */
  channelPrefix?: string;
  /** A background check failed (logged by the app). */
  onError?: (error: unknown) => void;
  /** How often operator sockets are checked against their sessions (an expired one ends without an event). */
  operatorSweepMs?: number;
};

/** The fan-out's internal user event: sessions of the member ended. Not a topic clients can subscribe to. */
const sessionsTopic = '$sessions';
/** The fan-out's internal topic event: sessions of an operator ended. */
const operatorSessionsTopic = '$operatorSessions';
/** The engine node's feed health, every second, for the API nodes' stale marks (docs/market.md). */
const feedsTopic = '$feeds';
/** Book changes committed on nodes without the engine, for the engine node (docs/scaling.md). */
const bookTopic = '$book';
/** What an operator's socket may listen to: it leaves these when the operator's session ends. */
const operatorTopics = [deskTopic];

export type UserTopic = (typeof userTopics)[number];

export type TopicCheck =
  | { ok: true; user: boolean; operator?: boolean; hubTopic?: string }
  | { ok: false; code: 'TOPIC_INVALID' | 'SYMBOL_NOT_FOUND'; symbol?: string };

/**
 * Wires the market engine and the event bus to WebSocket subscribers through the fan-out
 * (Redis when configured). Market ticks of one engine step travel as one batch.
 */
export class Realtime {
  readonly hub: RealtimeHub;
  #fanOut: FanOut | undefined;
  #batch: TickEvent[] = [];
  readonly #stops: (() => void)[] = [];

  private constructor(
    private readonly db: Database,
    private readonly engine: QuoteProvider,
    options: RealtimeOptions,
  ) {
    this.hub = new RealtimeHub(options);
  }

  static async create(
    deps: { db: Database; engine: QuoteProvider; bus: EventBus; redisUrl?: string },
    options: RealtimeOptions = {},
  ): Promise<Realtime> {
    const realtime = new Realtime(deps.db, deps.engine, options);
    const handlers: FanOutHandlers = {
      ticks: (events, fromThisNode) => realtime.#deliverTicks(events, fromThisNode),
      user: (event) => {
        if (event.topic === sessionsTopic) {
          realtime.#recheck(event.userId).catch((error: unknown) => options.onError?.(error));
          return;
        }
        realtime.hub.publishToUser(event.userId, event.topic, JSON.stringify({ topic: event.topic, data: event.data }));
      },
      topic: (event) => {
        if (event.topic === feedsTopic) {
          deps.engine.applyRemoteFeeds(event.data as FeedHealth[]);
          return;
        }
        if (event.topic === bookTopic) {
          realtime.onBook?.(event.data);
          return;
        }
        if (event.topic === operatorSessionsTopic) {
          const { operatorId } = event.data as { operatorId: number };
          realtime.#recheckOperators(operatorId).catch((error: unknown) => options.onError?.(error));
          return;
        }
        realtime.hub.publishAll(event.topic, JSON.stringify({ topic: event.as ?? event.topic, data: event.data }));
      },
    };
    realtime.#fanOut = deps.redisUrl
      ? await RedisFanOut.connect(deps.redisUrl, options.channelPrefix ?? 'soar:', handlers)
      : new LocalFanOut(handlers);
    realtime.#stops.push(deps.engine.stream((event) => realtime.#queue(event)));
    // Bus events with a user become that user's topic of the same name.
    for (const topic of [
      'balance',
      'notice',
      'orders',
      'deposits',
      'withdrawals',
    ] as const satisfies readonly UserTopic[]) {
      realtime.#stops.push(
        deps.bus.on(topic, (event) => realtime.#fanOut?.publishUser({ userId: event.userId, topic, data: event })),
      );
    }
    realtime.#stops.push(
      deps.bus.on('support', (event) =>
        realtime.#fanOut?.publishUser({ userId: event.userId, topic: 'support', data: event.message }),
      ),
      deps.bus.on('supportTopic', (event) => realtime.#fanOut?.publishTopic(event)),
      // Ended sessions reach every node, whose sockets of that member are checked again at once.
      deps.bus.on('sessions', (event) =>
        realtime.#fanOut?.publishUser({ userId: event.userId, topic: sessionsTopic, data: null }),
      ),
      deps.bus.on('operatorSessions', (event) =>
        realtime.#fanOut?.publishTopic({ topic: operatorSessionsTopic, data: { operatorId: event.operatorId } }),
      ),
    );
    const sweep = setInterval(
      () => realtime.#recheckOperators().catch((error: unknown) => options.onError?.(error)),
      options.operatorSweepMs ?? 60_000,
    ).unref();
    realtime.#stops.push(() => clearInterval(sweep));
    return realtime;
  }

  /** Hears book changes of other nodes (set on the node running the engine, unset elsewhere). */
  onBook: ((change: unknown) => void) | undefined;

  /** Tells the engine node of a change to the book this node committed. */
  publishBook(change: unknown): void {
    this.#fanOut?.publishTopic({ topic: bookTopic, data: change });
  }

  /** Tells the other nodes how this engine node's feeds stand. */
  publishFeeds(feeds: FeedHealth[]): void {
    this.#fanOut?.publishTopic({ topic: feedsTopic, data: feeds });
  }

  /**
   * Downgrades every operator socket (of one operator, or all) whose session is no longer live:
   * logged out, revoked by a password change or reset, expired, or the operator disabled.
   */
  async #recheckOperators(operatorId?: number): Promise<void> {
    const signedIn = this.hub.operatorSockets(operatorId);
    if (signedIn.length === 0) return;
    const liveIds = await liveOperatorSessionIds(
      this.db,
      signedIn.map(({ operator }) => operator.sessionId),
    );
    for (const { socket, operator } of signedIn) {
      if (liveIds.has(operator.sessionId)) continue;
      this.hub.downgradeOperator(socket, operatorTopics);
      this.hub.reply(socket, { op: 'auth', ok: false });
    }
  }

  /** Whether an operator's socket session is still live (checked again before joining the desk). */
  async operatorSessionLive(sessionId: number): Promise<boolean> {
    return (await liveOperatorSessionIds(this.db, [sessionId])).has(sessionId);
  }

  /** Downgrades every socket of the member whose session is no longer live (docs/market.md, Realtime). */
  async #recheck(userId: number): Promise<void> {
    const signedIn = this.hub.sessionsOf(userId);
    if (signedIn.length === 0) return;
    const liveIds = await liveMemberSessionIds(this.db, userId);
    for (const { socket, sessionId } of signedIn) {
      if (liveIds.has(sessionId)) continue;
      this.hub.downgrade(socket, userTopics);
      this.hub.reply(socket, { op: 'auth', ok: false });
    }
  }

  #queue(event: TickEvent) {
    if (this.#batch.length === 0) {
      queueMicrotask(() => {
        const batch = this.#batch;
        this.#batch = [];
        this.#fanOut?.publishTicks(batch);
      });
    }
    this.#batch.push(event);
  }

  #deliverTicks(events: TickEvent[], fromThisNode: boolean) {
    this.hub.batch(() => {
      for (const event of events) {
        if (!fromThisNode) this.engine.applyRemote(event);
        const symbol = event.quote.symbol;
        const at = Date.parse(event.quote.time);
        const quoteTopic = `quote:${symbol}`;
        if (this.hub.hasSubscribers(quoteTopic)) {
          this.hub.publish(quoteTopic, JSON.stringify({ topic: quoteTopic, data: event.quote }), at);
        }
        for (const [interval, bar] of Object.entries(event.bars)) {
          const topic = `kline:${symbol}:${interval}`;
          if (this.hub.hasSubscribers(topic)) this.hub.publish(topic, JSON.stringify({ topic, data: bar }), at);
        }
      }
    });
  }

  /** `quote:<SYMBOL>`, `kline:<SYMBOL>:<interval>` or a user topic. */
  checkTopic(topic: string): TopicCheck {
    if ((userTopics as readonly string[]).includes(topic)) return { ok: true, user: true };
    // Customer service (docs/identity.md): the operators' desk, and a guest's chat by its id.
    if (topic === deskTopic) return { ok: true, user: false, operator: true };
    const guest = /^support:guest:([0-9a-f]{32})$/.exec(topic);
    if (guest?.[1]) return { ok: true, user: false, hubTopic: guestTopic(hashToken(guest[1])) };
    const [kind, symbol, interval, ...rest] = topic.split(':');
    if (rest.length > 0 || !symbol) return { ok: false, code: 'TOPIC_INVALID' };
    if (kind === 'quote' && interval !== undefined) return { ok: false, code: 'TOPIC_INVALID' };
    if (kind === 'kline' && !(klineIntervals as readonly string[]).includes(interval ?? '')) {
      return { ok: false, code: 'TOPIC_INVALID' };
    }
    if (kind !== 'quote' && kind !== 'kline') return { ok: false, code: 'TOPIC_INVALID' };
    if (!this.engine.instrument(symbol)) return { ok: false, code: 'SYMBOL_NOT_FOUND', symbol };
    return { ok: true, user: false };
  }

  /** The member and session behind a token, or null (same rules as `requireMember`). */
  async memberOfToken(token: string): Promise<{ userId: number; sessionId: number } | null> {
    const session = await memberSessionOfToken(this.db, token);
    return session ? { userId: session.userId, sessionId: session.id } : null;
  }

  /** The operator of a live operator session behind a token, or null (the support desk's socket). */
  async operatorOfToken(token: string): Promise<SocketOperator | null> {
    const session = await operatorSessionOfToken(this.db, token);
    return session ? { operatorId: session.operatorId, sessionId: session.id, role: session.role } : null;
  }

  async close(): Promise<void> {
    for (const stop of this.#stops) stop();
    this.hub.close();
    await this.#fanOut?.close();
  }
}
