import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export type Frame = { op?: string; topic?: string; code?: string; message?: string; topics?: string[]; data?: unknown };

/** A WebSocket client that records every frame and waits for the ones a test expects. */
export class TestClient {
  readonly frames: Frame[] = [];
  readonly #waiters: { predicate: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  closed = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      this.frames.push(frame);
      for (const waiter of [...this.#waiters]) {
        if (waiter.predicate(frame)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    socket.on('close', () => {
      this.closed = true;
    });
  }

  static async connect(app: FastifyInstance, query = ''): Promise<TestClient> {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/v1/ws${query}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new TestClient(socket);
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  next(predicate: (frame: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const seen = this.frames.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame in time')), timeoutMs);
      this.#waiters.push({
        predicate,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /** Sends and waits for the answer with the same op (or an error). */
  async request(message: { op: string; topics?: string[]; token?: string }): Promise<Frame> {
    const count = this.frames.length;
    this.send(message);
    return this.next(
      (frame) => this.frames.indexOf(frame) >= count && (frame.op === message.op || frame.op === 'error'),
    );
  }

  close(): void {
    this.socket.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
