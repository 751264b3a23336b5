import type { WebSocket } from 'ws';

export type HubOptions = {
  /** Server ping period; a client that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** A client whose unsent bytes pass this is too slow to keep up and is dropped. */
  maxBufferedBytes?: number;
  /** Per topic, at most one message per this many milliseconds (the latest value wins). */
  coalesceMs?: number;
  maxTopics?: number;
};

type Client = {
  socket: WebSocket;
  topics: Set<string>;
  userId: number | null;
  /** The role of an operator who authenticated with an operator token (the support desk). */
  operatorRole: string | null;
  /** The session the socket signed in with: when it ends, the socket is downgraded. */
  sessionId: number | null;
  alive: boolean;
  /** Per topic, the latest frame still waiting for its slot: bounded by the topic limit. */
  pending: Map<string, Buffer>;
  lastSent: Map<string, number>;
  timer: NodeJS.Timeout | undefined;
};

export type HubStats = { clients: number; dropped: number; sent: number };

/**
 * The WebSocket subscribers of this node and what they listen to. Market frames are coalesced
 * per client and topic (at most one per `coalesceMs`, always the newest), so a fast market never
 * queues more than one frame per topic in memory. Frames are encoded once per topic and shared.
 */
export class RealtimeHub {
  readonly #clients = new Set<Client>();
  readonly #bySocket = new Map<WebSocket, Client>();
  readonly #byTopic = new Map<string, Set<Client>>();
  readonly #byUser = new Map<number, Set<Client>>();
  readonly #heartbeat: NodeJS.Timeout;
  readonly coalesceMs: number;
  readonly maxTopics: number;
  readonly #maxBuffered: number;
  readonly stats: HubStats = { clients: 0, dropped: 0, sent: 0 };

  constructor(options: HubOptions = {}) {
    this.coalesceMs = options.coalesceMs ?? 250;
    this.maxTopics = options.maxTopics ?? 100;
    this.#maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.#heartbeat = setInterval(() => this.#beat(), options.heartbeatMs ?? 30_000).unref();
  }

  add(socket: WebSocket): void {
    const client: Client = {
      socket,
      topics: new Set(),
      userId: null,
      operatorRole: null,
      sessionId: null,
      alive: true,
      pending: new Map(),
      lastSent: new Map(),
      timer: undefined,
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

  authenticateOperator(socket: WebSocket, role: string): void {
    this.#client(socket).operatorRole = role;
  }

  operatorRoleOf(socket: WebSocket): string | null {
    return this.#client(socket).operatorRole;
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
    let set = this.#byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.#byTopic.set(topic, set);
    }
    set.add(client);
  }

  unsubscribe(socket: WebSocket, topic: string): void {
    const client = this.#client(socket);
    client.topics.delete(topic);
    client.pending.delete(topic);
    client.lastSent.delete(topic);
    this.#leave(client, topic);
  }

  #leave(client: Client, topic: string) {
    const set = this.#byTopic.get(topic);
    set?.delete(client);
    if (set?.size === 0) this.#byTopic.delete(topic);
  }

  hasSubscribers(topic: string): boolean {
    return this.#byTopic.has(topic);
  }

  /** A market frame for everyone on `topic`, coalesced per client. */
  publish(topic: string, payload: string, now = Date.now()): void {
    const subscribers = this.#byTopic.get(topic);
    if (!subscribers) return;
    const frame = Buffer.from(payload);
    for (const client of subscribers) this.#offer(client, topic, frame, now);
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
    const subscribers = this.#byTopic.get(topic);
    if (!subscribers) return;
    const frame = Buffer.from(payload);
    for (const client of subscribers) this.#send(client, frame);
  }

  /** A direct answer (ack, error, pong) to one socket. */
  reply(socket: WebSocket, message: object): void {
    const client = this.#bySocket.get(socket);
    if (client) this.#send(client, Buffer.from(JSON.stringify(message)));
  }

  #offer(client: Client, topic: string, frame: Buffer, now: number) {
    const last = client.lastSent.get(topic) ?? Number.NEGATIVE_INFINITY;
    if (now - last >= this.coalesceMs && !client.pending.has(topic)) {
      client.lastSent.set(topic, now);
      this.#send(client, frame);
      return;
    }
    client.pending.set(topic, frame);
    if (!client.timer) client.timer = setTimeout(() => this.#drain(client), Math.max(1, last + this.coalesceMs - now));
  }

  #drain(client: Client) {
    client.timer = undefined;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [topic, frame] of client.pending) {
      const last = client.lastSent.get(topic) ?? Number.NEGATIVE_INFINITY;
      if (now - last >= this.coalesceMs) {
        client.pending.delete(topic);
        client.lastSent.set(topic, now);
        this.#send(client, frame);
      } else {
        next = Math.min(next, last + this.coalesceMs);
      }
    }
    if (client.pending.size > 0 && this.#clients.has(client)) {
      client.timer = setTimeout(() => this.#drain(client), Math.max(1, next - now));
    }
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
    if (client.timer) clearTimeout(client.timer);
    client.pending.clear();
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
