// One worker process of bench:feed: ws-clients.ts's clients (opened and subscribed the same way)
// with what a feed needs besides: the bench asks for a window's figures several times on the same
// sockets (a `mark` answers the frames since the last mark and starts the next window), and each
// mark tells the newest volume every client holds per topic, which counts the vendor's trades that
// have reached the members (every trade is a round lot). Two latencies per frame, in whole ms:
// `latency`, the frame's receive time minus its `time` (the vendor's send time of the newest trade
// in it), and `afterSlot`, the same from the moment coalescing let the frame go: a server that
// sends at most one frame per `coalesceMs` of trade time per topic holds a trade that comes less
// than that after the last frame sent until the slot opens (hub.ts), so that part is by design.
// Messages from the parent: start, mark, stop; answers: open, failed, mark.
import WebSocket from 'ws';

export type FeedWorkerStart = {
  kind: 'start';
  url: string;
  first: number;
  count: number;
  symbols: string[];
  perClient: number;
  /** The server's coalescing slot per topic (0: none, every message is sent at once). */
  coalesceMs: number;
};
/** Sparse histograms: [milliseconds, frames] pairs. */
export type Histogram = [number, number][];
export type TopicVolumes = Record<string, { sum: number; min: number; clients: number }>;
export type FeedWorkerAnswer =
  | { kind: 'open' }
  | { kind: 'failed'; message: string; code?: string }
  | { kind: 'mark'; delivered: number; latency: Histogram; afterSlot: Histogram; volumes: TopicVolumes };

const send = (answer: FeedWorkerAnswer) => process.send?.(answer);
type Newest = { volume: number; time: number };
const sockets: WebSocket[] = [];
/** Per client, per topic: the newest frame's volume and `time`. */
const newest: Map<string, Newest>[] = [];
let latency = new Map<number, number>();
let afterSlot = new Map<number, number>();
let delivered = 0;
let coalesceMs = 0;

const count = (histogram: Map<number, number>, ms: number) =>
  histogram.set(Math.max(0, ms), (histogram.get(Math.max(0, ms)) ?? 0) + 1);

function open(url: string, topics: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const held = new Map<string, Newest>();
    sockets.push(socket);
    newest.push(held);
    socket.once('open', () => {
      socket.send(JSON.stringify({ op: 'sub', topics }));
      resolve();
    });
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { topic?: string; data?: { time?: string; volume?: number } };
      if (!frame.topic || !frame.data?.time) return;
      const now = Date.now();
      const time = Date.parse(frame.data.time);
      const previous = held.get(frame.topic);
      delivered++;
      count(latency, now - time);
      count(afterSlot, now - (previous ? Math.max(time, previous.time + coalesceMs) : time));
      held.set(frame.topic, { volume: frame.data.volume ?? 0, time });
    });
  });
}

async function start(message: FeedWorkerStart) {
  coalesceMs = message.coalesceMs;
  try {
    for (let i = message.first; i < message.first + message.count; i += 250) {
      const batch = [];
      for (let j = i; j < Math.min(message.first + message.count, i + 250); j++) {
        const topics = Array.from(
          { length: message.perClient },
          (_, k) => `quote:${message.symbols[(j * 7 + k) % message.symbols.length]}`,
        );
        batch.push(open(message.url, [...new Set(topics)]));
      }
      await Promise.all(batch);
    }
    send({ kind: 'open' });
  } catch (error) {
    const { code, message: text } = error as NodeJS.ErrnoException;
    send({ kind: 'failed', message: text, code });
  }
}

function mark() {
  const volumes: TopicVolumes = {};
  for (const held of newest) {
    for (const [topic, { volume }] of held) {
      const entry = volumes[topic] ?? { sum: 0, min: volume, clients: 0 };
      volumes[topic] = entry;
      entry.sum += volume;
      entry.min = Math.min(entry.min, volume);
      entry.clients++;
    }
  }
  send({ kind: 'mark', delivered, latency: [...latency], afterSlot: [...afterSlot], volumes });
  delivered = 0;
  latency = new Map();
  afterSlot = new Map();
}

process.once('disconnect', () => process.exit(0));
process.on('message', (message: FeedWorkerStart | { kind: 'mark' } | { kind: 'stop' }) => {
  if (message.kind === 'start') void start(message);
  else if (message.kind === 'mark') mark();
  else {
    for (const socket of sockets) socket.terminate();
    process.disconnect();
  }
});
