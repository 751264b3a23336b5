// The vendor of bench:feed: the test suite's local Alpaca (apps/server/src/test/fake-alpaca.ts: its
// REST answers empty, its v2 stream on /v2/iex) in a process of its own, sending trades of the
// bench's symbols at the rate the parent sets. Every trade is a round lot (`s` 100), so a quote's
// volume counts the trades behind it, and its `t` is the moment its frame is sent (millisecond
// ISO), so a member's frame tells how long ago the vendor sent the newest trade it carries.
// Trades leave in one frame per 10 ms slot, as Alpaca packs the messages of a moment in one
// frame; each goes to a symbol drawn at random (a seeded generator: every phase sends the same
// sequence). Messages from the parent: rate, reset, totals; answers: ready, totals.
import { FakeAlpaca } from '../../apps/server/src/test/fake-alpaca.ts';

export type VendorInstrument = { symbol: string; price: number };
export type VendorCommand =
  | { kind: 'reset'; instruments: VendorInstrument[] }
  | { kind: 'rate'; perSecond: number }
  | { kind: 'totals' };
export type VendorAnswer =
  | { kind: 'ready'; url: string; streamUrl: string; keyId: string; secretKey: string }
  | { kind: 'totals'; sent: number; clients: number };

/** Shares per trade: a volume divided by it is a count of trades. */
const tradeSize = 100;
const slotMs = 10;

const send = (answer: VendorAnswer) => process.send?.(answer);

/** mulberry32: small, seeded, the same sequence in every phase. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fake = await FakeAlpaca.start();
let instruments: { symbol: string; cents: number }[] = [];
let random = generator(1);
let perSecond = 0;
let carry = 0;
let sent = 0;
let last = performance.now();

setInterval(() => {
  const now = performance.now();
  carry += (perSecond * (now - last)) / 1000;
  last = now;
  const count = Math.floor(carry);
  carry -= count;
  if (count === 0 || instruments.length === 0) return;
  const t = new Date().toISOString();
  const messages = new Array<object>(count);
  for (let i = 0; i < count; i++) {
    const instrument = instruments[Math.floor(random() * instruments.length)] as (typeof instruments)[number];
    // A walk of a cent or two either way, never below a dollar.
    instrument.cents = Math.max(100, instrument.cents + Math.floor(random() * 5) - 2);
    messages[i] = {
      T: 't',
      S: instrument.symbol,
      i: sent + i,
      x: 'V',
      p: instrument.cents / 100,
      s: tradeSize,
      t,
      z: 'C',
    };
  }
  sent += count;
  fake.send(messages);
}, slotMs);

process.on('message', (command: VendorCommand) => {
  if (command.kind === 'reset') {
    instruments = command.instruments.map(({ symbol, price }) => ({ symbol, cents: Math.round(price * 100) }));
    random = generator(20261202);
    perSecond = 0;
    carry = 0;
    sent = 0;
    send({ kind: 'totals', sent, clients: fake.clients });
  } else if (command.kind === 'rate') {
    // The elapsed time counts from now: a new rate does not pay for the time before it.
    last = performance.now();
    perSecond = command.perSecond;
  } else {
    send({ kind: 'totals', sent, clients: fake.clients });
  }
});
process.once('disconnect', () => {
  void fake.close().then(() => process.exit(0));
});
send({ kind: 'ready', url: fake.url, streamUrl: fake.streamUrl, keyId: fake.keyId, secretKey: fake.secretKey });
