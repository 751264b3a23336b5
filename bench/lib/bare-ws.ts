// The baseline of bench:ws: a bare `ws` server that broadcasts quote-shaped frames to the clients
// subscribed to each symbol, at the tick rate the Soar run measured (env BARE_TICKS_PER_SECOND).
// Like Soar's engine, each 250 ms step trades distinct symbols and stamps one `time` when the
// step's prices are made, then writes each symbol to its subscribers in turn: both servers' latency
// runs from the step's prices to the client, the whole step's fan-out included.
import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

const symbols = (process.env.BARE_SYMBOLS ?? 'AAPL').split(',');
const ticksPerSecond = Number(process.env.BARE_TICKS_PER_SECOND ?? 10);
const server = createServer();
const wss = new WebSocketServer({ server });
const subscribers = new Map<string, Set<WebSocket>>();

wss.on('connection', (socket) => {
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { op: string; topics?: string[] };
    for (const topic of message.topics ?? []) {
      let set = subscribers.get(topic);
      if (!set) {
        set = new Set();
        subscribers.set(topic, set);
      }
      set.add(socket);
    }
    socket.send(JSON.stringify({ op: message.op, topics: message.topics }));
  });
  socket.on('close', () => {
    for (const set of subscribers.values()) set.delete(socket);
  });
});

const stepMs = 250;
let carry = 0;
setInterval(() => {
  carry += (ticksPerSecond * stepMs) / 1000;
  const count = Math.floor(carry);
  carry -= count;
  const time = new Date().toISOString();
  for (let i = 0; i < Math.min(count, symbols.length); i++) {
    const j = i + Math.floor(Math.random() * (symbols.length - i));
    [symbols[i], symbols[j]] = [symbols[j] as string, symbols[i] as string];
    const symbol = symbols[i] as string;
    const topic = `quote:${symbol}`;
    const set = subscribers.get(topic);
    if (!set) continue;
    const price = (100 + Math.random()).toFixed(2);
    const frame = Buffer.from(
      JSON.stringify({
        topic,
        data: {
          symbol,
          name: symbol,
          kind: 'stock',
          market: 'US',
          currency: 'USD',
          price,
          open: price,
          high: price,
          low: price,
          close: price,
          prevClose: price,
          volume: 123456,
          change: '0.00',
          changePercent: '0.00',
          time,
        },
      }),
    );
    for (const socket of set) socket.send(frame, { binary: false });
  }
}, stepMs);

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bare ws on http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => {
  wss.close();
  server.close(() => process.exit(0));
  for (const socket of wss.clients) socket.terminate();
});
