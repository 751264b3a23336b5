// One worker process of bench:ws: opens its share of the WebSocket clients, subscribes each to
// its topics, and counts delivered quote frames and their tick-to-client latency while told to.
// Messages from the parent: start (open the clients), count, stop; answers: open, failed, result.
import WebSocket from 'ws';

export type WorkerStart = {
  kind: 'start';
  url: string;
  first: number;
  count: number;
  symbols: string[];
  perClient: number;
};
export type WorkerAnswer =
  | { kind: 'open' }
  | { kind: 'failed'; message: string; code?: string }
  | { kind: 'result'; delivered: number; histogram: number[]; ticks: string[] };

/** Latencies in whole milliseconds, one counter each up to a minute (the last collects the rest). */
export const histogramSize = 60_001;

const send = (answer: WorkerAnswer) => process.send?.(answer);
const sockets: WebSocket[] = [];
const histogram = new Array<number>(histogramSize).fill(0);
const ticks = new Set<string>();
let counting = false;
let delivered = 0;

function open(url: string, topics: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    sockets.push(socket);
    socket.once('open', () => {
      socket.send(JSON.stringify({ op: 'sub', topics }));
      resolve();
    });
    socket.once('error', reject);
    socket.on('message', (raw) => {
      if (!counting) return;
      const frame = JSON.parse(raw.toString()) as { topic?: string; data?: { time?: string } };
      if (!frame.topic || !frame.data?.time) return;
      delivered++;
      const latency = Math.max(0, Date.now() - Date.parse(frame.data.time));
      histogram[Math.min(histogramSize - 1, latency)] = (histogram[Math.min(histogramSize - 1, latency)] ?? 0) + 1;
      ticks.add(`${frame.topic}|${frame.data.time}`);
    });
  });
}

async function start(message: WorkerStart) {
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

process.on('message', (message: WorkerStart | { kind: 'count' } | { kind: 'stop' }) => {
  if (message.kind === 'start') void start(message);
  else if (message.kind === 'count') counting = true;
  else {
    counting = false;
    for (const socket of sockets) socket.terminate();
    send({ kind: 'result', delivered, histogram, ticks: [...ticks] });
    process.disconnect();
  }
});
