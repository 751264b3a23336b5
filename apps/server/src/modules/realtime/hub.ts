import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

export type HubOptions = {
  /** Server ping period; a client that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** A client whose unsent bytes pass this is too slow to keep up and is dropped. */
  maxBufferedBytes?: number;
  /** Per topic, at most one market frame per this many milliseconds of tick time (the latest value wins). */
  coalesceMs?: number;
  maxTopics?: number;
};

/** An operator signed in on a socket (the support desk), with the session it signed in with. */
export type SocketOperator = { operatorId: number; sessionId: number; role: string };

type Client = {
  socket: WebSocket;
  /** The socket's TCP stream: corked while a batch of frames is queued, so they leave in one write. */
  connection: Duplex;
  topics: Set<string>;
  userId: number | null;
  /** The operator who authenticated with an operator token (the support desk): when that session ends, the socket is downgraded. */
  operator: SocketOperator | null;
  /** The session the socket signed in with: when it ends, the socket is downgraded. */
  sessionId: number | null;
  alive: boolean;
};

type Topic = {
  clients: Set<Client>;
  /** The time of the last market frame sent (the tick's time). */
  lastAt: number;
  /** The newest market frame still waiting for its slot, sent by `timer`. */
  pending: { frame: Buffer; at: number } | undefined;
  timer: NodeJS.Timeout | undefined;
};

export type HubStats = { clients: number; dropped: number; sent: number };

/**
 * The WebSocket subscribers of this node and what they listen to. Market frames are coalesced
 * per topic (at most one per `coalesceMs` of tick time, always the newest), so a fast market never
 * queues more than one frame per topic in memory. Frames are encoded once per topic and shared.
 */
export class RealtimeHub {
  readonly #clients = new Set<Client>();
  readonly #bySocket = new Map<WebSocket, Client>();
  readonly #byTopic = new Map<string, Topic>();
  readonly #byUser = new Map<number, Set<Client>>();
  readonly #heartbeat: NodeJS.Timeout;
  readonly coalesceMs: number;
  readonly maxTopics: number;
  readonly #maxBuffered: number;
  readonly stats: HubStats = { clients: 0, dropped: 0, sent: 0 };
  /** During `batch`, the clients whose connection is corked. */
  #corked: Set<Client> | undefined;

  constructor(options: HubOptions = {}) {
    this.coalesceMs = options.coalesceMs ?? 250;
    this.maxTopics = options.maxTopics ?? 100;
    this.#maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.#heartbeat = setInterval(() => this.#beat(), options.heartbeatMs ?? 30_000).unref();
  }

  add(socket: WebSocket, connection: Duplex): void {
    const client: Client = {
      socket,
      connection,
      topics: new Set(),
      userId: null,
      operator: null,
      sessionId: null,
      alive: true,
    };
    this.#clients.add(client);
    this.#bySocket.set(socket, client);
    this.stats.clients = this.#clients.size;
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => this.#remove(client));
  }

  #client(socket: WebSocket): Client {
    const client = this.#bySocket.get(socket);
    if (!client) throw new Error('socket is not registered');
    return client;
  }

  touch(socket: WebSocket): void {
    this.#client(socket).alive = true;
  }

  authenticate(socket: WebSocket, userId: number, sessionId: number): void {
    const client = this.#client(socket);
    if (client.userId !== null) this.#byUser.get(client.userId)?.delete(client);
    client.userId = userId;
    client.sessionId = sessionId;
    let set = this.#byUser.get(userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(userId, set);
    }
    set.add(client);
  }

  authenticateOperator(socket: WebSocket, operator: SocketOperator): void {
    this.#client(socket).operator = operator;
  }

  operatorOf(socket: WebSocket): SocketOperator | null {
    return this.#client(socket).operator;
  }

  /** The sockets signed in by operators (by one operator when `operatorId` is given). */
  operatorSockets(operatorId?: number): { socket: WebSocket; operator: SocketOperator }[] {
    return [...this.#clients].flatMap((client) =>
      client.operator && (operatorId === undefined || client.operator.operatorId === operatorId)
        ? [{ socket: client.socket, operator: client.operator }]
        : [],
    );
  }

  /** The operator's session ended: the socket stays connected as anonymous and leaves the operators' topics. */
  downgradeOperator(socket: WebSocket, operatorTopics: readonly string[]): void {
    const client = this.#bySocket.get(socket);
    if (!client || client.operator === null) return;
    client.operator = null;
    for (const topic of operatorTopics) if (client.topics.has(topic)) this.unsubscribe(socket, topic);
  }

  /** The signed-in sockets of a member with the session each signed in with. */
  sessionsOf(userId: number): { socket: WebSocket; sessionId: number }[] {
    return [...(this.#byUser.get(userId) ?? [])].flatMap((client) =>
      client.sessionId === null ? [] : [{ socket: client.socket, sessionId: client.sessionId }],
    );
  }

  /** The socket's session ended: it stays connected as anonymous and loses its user topics. */
  downgrade(socket: WebSocket, userTopics: readonly string[]): void {
    const client = this.#bySocket.get(socket);
    if (!client || client.userId === null) return;
    const set = this.#byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.#byUser.delete(client.userId);
    client.userId = null;
    client.sessionId = null;
    for (const topic of userTopics) if (client.topics.has(topic)) this.unsubscribe(socket, topic);
  }

  userOf(socket: WebSocket): number | null {
    return this.#client(socket).userId;
  }

  topicsOf(socket: WebSocket): ReadonlySet<string> {
    return this.#client(socket).topics;
  }

  subscribe(socket: WebSocket, topic: string): void {
    const client = this.#client(socket);
    client.topics.add(topic);
    let entry = this.#byTopic.get(topic);
    if (!entry) {
      entry = { clients: new Set(), lastAt: Number.NEGATIVE_INFINITY, pending: undefined, timer: undefined };
      this.#byTopic.set(topic, entry);
    }
    entry.clients.add(client);
  }

  unsubscribe(socket: WebSocket, topic: string): void {
    const client = this.#client(socket);
    client.topics.delete(topic);
    this.#leave(client, topic);
  }

  #leave(client: Client, topic: string) {
    const entry = this.#byTopic.get(topic);
    if (!entry) return;
    entry.clients.delete(client);
    if (entry.clients.size > 0) return;
    clearTimeout(entry.timer);
    this.#byTopic.delete(topic);
  }

  hasSubscribers(topic: string): boolean {
    return this.#byTopic.has(topic);
  }

  /**
   * Runs `work` (publishes) with each client's frames held back and written together at the end:
   * one system call per client instead of one per frame, which is what a burst of ticks costs.
   */
  batch(work: () => void): void {
    const corked = new Set<Client>();
    this.#corked = corked;
    try {
      work();
    } finally {
      this.#corked = undefined;
      for (const client of corked) client.connection.uncork();
    }
  }

  /**
   * A market frame for everyone on `topic`, coalesced per topic by `at`, the tick's time: a
   * frame less than `coalesceMs` after the last one sent waits for its slot (replacing any older
   * waiting frame). Tick time, not arrival time, so ticks one engine step apart never wait
   * because the earlier step was delivered a few milliseconds late.
   */
  publish(topic: string, payload: string, at = Date.now()): void {
    const entry = this.#byTopic.get(topic);
    if (!entry) return;
    const frame = Buffer.from(payload);
    // A clock that went back (another node, a test's pinned clock) starts a new sequence.
    const since = at - entry.lastAt;
    if (!entry.pending && (since >= this.coalesceMs || since < 0)) {
      entry.lastAt = at;
      for (const client of entry.clients) this.#send(client, frame);
      return;
    }
    entry.pending = { frame, at };
    entry.timer ??= setTimeout(() => this.#drain(entry), Math.max(1, this.coalesceMs - since));
  }

  #drain(entry: Topic) {
    entry.timer = undefined;
    if (!entry.pending) return;
    const { frame, at } = entry.pending;
    entry.pending = undefined;
    entry.lastAt = at;
    for (const client of entry.clients) this.#send(client, frame);
  }

  /** A user event (balance, orders, notice) for that user's sockets subscribed to the topic. */
  publishToUser(userId: number, topic: string, payload: string): void {
    const clients = this.#byUser.get(userId);
    if (!clients) return;
    const frame = Buffer.from(payload);
    for (const client of clients) if (client.topics.has(topic)) this.#send(client, frame);
  }

  /** A frame for everyone on `topic` at once, never coalesced (chat messages must all arrive). */
  publishAll(topic: string, payload: string): void {
    const entry = this.#byTopic.get(topic);
    if (!entry) return;
    const frame = Buffer.from(payload);
    for (const client of entry.clients) this.#send(client, frame);
  }

  /** A direct answer (ack, error, pong) to one socket. */
  reply(socket: WebSocket, message: object): void {
    const client = this.#bySocket.get(socket);
    if (client) this.#send(client, Buffer.from(JSON.stringify(message)));
  }

  #send(client: Client, frame: Buffer) {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.#maxBuffered) {
      this.stats.dropped++;
      this.#remove(client);
      socket.terminate();
      return;
    }
    if (this.#corked && !this.#corked.has(client)) {
      client.connection.cork();
      this.#corked.add(client);
    }
    this.stats.sent++;
    socket.send(frame, { binary: false });
  }

  #beat() {
    for (const client of this.#clients) {
      if (!client.alive) {
        this.stats.dropped++;
        this.#remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  #remove(client: Client) {
    if (!this.#clients.delete(client)) return;
    this.#bySocket.delete(client.socket);
    for (const topic of client.topics) this.#leave(client, topic);
    if (client.userId !== null) {
      const set = this.#byUser.get(client.userId);
      set?.delete(client);
      if (set?.size === 0) this.#byUser.delete(client.userId);
    }
    this.stats.clients = this.#clients.size;
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const client of [...this.#clients]) {
      this.#remove(client);
      client.socket.terminate();
    }
  }
}
