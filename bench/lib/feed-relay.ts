// The baseline of bench:feed: a bare `ws` relay. It connects to the vendor's stream as Soar's
// Alpaca adapter does (connected, auth, authenticated, subscribe trades, subscription), keeps
// each symbol's day (open, high, low, volume) and relays every trade, at once, to the clients
// subscribed to its `quote:<SYMBOL>` topic as a quote-shaped frame with Soar's fields, `time`
// the trade's `t`. No coalescing, no engine, no database. Env: FEED_STREAM_URL, FEED_KEY_ID,
// FEED_SECRET_KEY, FEED_INSTRUMENTS (JSON: symbol, name, price). It prints its URL once subscribed.
import { createServer } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';

type Instrument = { symbol: string; name: string; price: number };
type Day = { name: string; prevClose: number; open: number; high: number; low: number; volume: number };

const instruments = JSON.parse(process.env.FEED_INSTRUMENTS ?? '[]') as Instrument[];
const days = new Map<string, Day>(
  instruments.map(({ symbol, name, price }) => [
    symbol,
    {
      name,
      prevClose: price,
      open: Number.NaN,
      high: Number.NEGATIVE_INFINITY,
      low: Number.POSITIVE_INFINITY,
      volume: 0,
    },
  ]),
);
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

function relay(trade: { S: string; p: number; s: number; t: string }) {
  const day = days.get(trade.S);
  if (!day) return;
  if (Number.isNaN(day.open)) day.open = trade.p;
  day.high = Math.max(day.high, trade.p);
  day.low = Math.min(day.low, trade.p);
  day.volume += trade.s;
  const topic = `quote:${trade.S}`;
  const set = subscribers.get(topic);
  if (!set) return;
  const change = trade.p - day.prevClose;
  const price = trade.p.toFixed(2);
  const frame = Buffer.from(
    JSON.stringify({
      topic,
      data: {
        symbol: trade.S,
        name: day.name,
        kind: 'stock',
        market: 'US',
        currency: 'USD',
        lotSize: 1,
        price,
        open: day.open.toFixed(2),
        high: day.high.toFixed(2),
        low: day.low.toFixed(2),
        close: price,
        prevClose: day.prevClose.toFixed(2),
        bid: null,
        ask: null,
        volume: day.volume,
        change: change.toFixed(2),
        changePercent: ((change / day.prevClose) * 100).toFixed(2),
        time: trade.t,
        stale: false,
        lastMessageAt: null,
      },
    }),
  );
  for (const socket of set) socket.send(frame, { binary: false });
}

function listen() {
  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`bare relay on http://127.0.0.1:${port}`);
  });
}

const vendor = new WebSocket(process.env.FEED_STREAM_URL ?? 'ws://127.0.0.1/v2/iex');
vendor.on('message', (data) => {
  const frame = JSON.parse(data.toString()) as {
    T: string;
    msg?: string;
    S: string;
    p: number;
    s: number;
    t: string;
  }[];
  for (const message of frame) {
    if (message.T === 't') relay(message);
    else if (message.T === 'success' && message.msg === 'connected') {
      vendor.send(
        JSON.stringify({ action: 'auth', key: process.env.FEED_KEY_ID, secret: process.env.FEED_SECRET_KEY }),
      );
    } else if (message.T === 'success' && message.msg === 'authenticated') {
      vendor.send(JSON.stringify({ action: 'subscribe', trades: [...days.keys()] }));
    } else if (message.T === 'subscription') listen();
    else if (message.T === 'error') throw new Error(`the vendor refused the relay: ${JSON.stringify(message)}`);
  }
});
vendor.on('close', () => {
  if (server.listening) return;
  console.error('the vendor closed the stream before the relay subscribed');
  process.exit(1);
});

process.once('SIGTERM', () => {
  vendor.terminate();
  wss.close();
  server.close(() => process.exit(0));
  for (const socket of wss.clients) socket.terminate();
});
