/**
 * The app's one WebSocket (docs/web.md): topics are reference-counted, so many components can
 * listen to `quote:AAPL` over one subscription; after a drop it reconnects with backoff and
 * subscribes again to everything still wanted.
 */
export type RealtimeMessage = { topic: string; data: unknown };
type Listener = (data: unknown) => void;

export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type RealtimeOptions = {
  url: () => string;
  token?: () => string | null;
  createSocket?: (url: string) => SocketLike;
  backoffMs?: (attempt: number) => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
};

const open = 1;

export class RealtimeClient {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #options: Required<Omit<RealtimeOptions, 'token'>> & Pick<RealtimeOptions, 'token'>;
  #socket: SocketLike | null = null;
  #attempt = 0;
  #connectPending = false;

  constructor(options: RealtimeOptions) {
    this.#options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      backoffMs: (attempt) => Math.min(30_000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      ...options,
    };
  }

  /** Listens to a topic; the returned function stops listening (and unsubscribes when last). */
  subscribe(topic: string, listener: Listener): () => void {
    let listeners = this.#listeners.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(topic, listeners);
      this.#send({ op: 'sub', topics: [topic] });
    }
    listeners.add(listener);
    // Opening a socket costs the browser several milliseconds: not in the task that mounts a page
    // (docs/performance.md, bench:web).
    this.#connectAfter(0);
    return () => {
      const current = this.#listeners.get(topic);
      if (!current?.delete(listener) || current.size > 0) return;
      this.#listeners.delete(topic);
      this.#send({ op: 'unsub', topics: [topic] });
    };
  }

  /** A new token (login, logout): reconnect so user topics follow the session. */
  reauthenticate(): void {
    this.#socket?.close();
  }

  get topics(): string[] {
    return [...this.#listeners.keys()];
  }

  #send(message: object) {
    if (this.#socket?.readyState === open) this.#socket.send(JSON.stringify(message));
  }

  #connect() {
    if (this.#socket || this.#listeners.size === 0) return;
    const socket = this.#options.createSocket(this.#options.url());
    this.#socket = socket;
    socket.onopen = () => {
      this.#attempt = 0;
      const token = this.#options.token?.();
      if (token) socket.send(JSON.stringify({ op: 'auth', token }));
      if (this.#listeners.size > 0) socket.send(JSON.stringify({ op: 'sub', topics: this.topics }));
    };
    socket.onmessage = (event) => this.#dispatch(event.data);
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#connectAfter(this.#options.backoffMs(this.#attempt++));
    };
    socket.onerror = () => socket.close();
  }

  #connectAfter(ms: number) {
    if (this.#socket || this.#connectPending || this.#listeners.size === 0) return;
    this.#connectPending = true;
    this.#options.setTimer(() => {
      this.#connectPending = false;
      this.#connect();
    }, ms);
  }

  #dispatch(raw: unknown) {
    if (typeof raw !== 'string') return;
    let message: Partial<RealtimeMessage>;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message.topic !== 'string') return;
    for (const listener of this.#listeners.get(message.topic) ?? []) listener(message.data);
  }
}
