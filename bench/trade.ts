// bench:trade — in one run on a fresh PostgreSQL database (docs/performance.md):
// 1. order placement through HTTP (market buys, each a full ledger transaction) against
//    bench:ledger's transaction rate (its withdraw freeze / refuse cycles, bench/lib/withdraw-cycles.ts)
//    measured in the same run on the same database (goal: ratio >= 0.6); the ledger's bare two-line
//    entry rate is printed beside it for reference;
// 2. a tick with no crossed trigger at 100,000 resting orders, against a linear scan of the same
//    orders (goal: <= 50 µs);
// 3. 1,000 triggers crossed by one tick: time to the last fill (goal: p99 <= 50 ms), a warm-up
//    round then BENCH_FILL_ROUNDS rounds (default 5) of 1,000 fresh triggers each.
// BENCH_PARTS=fills runs part 3 alone (parts 1 and 2 take most of the run).

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { Money } from '../apps/server/src/lib/decimal.ts';
import { SymbolBook } from '../apps/server/src/lib/level-book.ts';
import { Ledger } from '../apps/server/src/modules/ledger/ledger.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify.ts';
import { createMember } from '../apps/server/src/test/fixtures.ts';
import { testConfig } from '../apps/server/src/test/helper.ts';
import { admin, serverUrl } from './lib/database.ts';
import { printTable } from './lib/load.ts';
import type { PlaceLoad, PlaceResult } from './lib/place-load.ts';
import { withdrawCycles } from './lib/withdraw-cycles.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CONNECTIONS ?? 8);
const fillRounds = Number(process.env.BENCH_FILL_ROUNDS ?? 5);
const placement = process.env.BENCH_PARTS !== 'fills';

/** Runs part 1c's load in a child process and waits for its figures. */
function placeLoad(load: PlaceLoad): Promise<PlaceResult> {
  const child = fork(path.join(import.meta.dirname, 'lib/place-load.ts'), { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result: PlaceResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the placement load exited with ${code}`)));
    child.send(load);
  });
}

// 2. The trigger book alone (no database): a tick that crosses nothing.
function bookTick() {
  const resting = 100_000;
  const book = new SymbolBook();
  const levels: { level: bigint; up: boolean }[] = [];
  // Levels and prices in the book's exact units (10^-8): 101.00 + i cents up, 99.00 - i cents down.
  const cents = (value: number) => BigInt(value) * 1_000_000n;
  for (let i = 0; i < resting; i += 1) {
    const up = i % 2 === 0;
    const level = up ? cents(10_100 + (i % 5000)) : cents(9_900 - (i % 5000));
    book.set({ key: `order:${i}`, level, up });
    levels.push({ level, up });
  }
  const prices = Array.from({ length: 100 }, (_, i) => cents(10_000 + i - 50));
  const ticks = 200_000;
  let started = performance.now();
  for (let i = 0; i < ticks; i += 1) {
    if (book.crossed(prices[i % 100] as bigint).length > 0) throw new Error('crossed');
  }
  const bookUs = ((performance.now() - started) * 1000) / ticks;
  const scans = 200;
  let found = 0;
  started = performance.now();
  for (let i = 0; i < scans; i += 1) {
    const price = prices[i % 100] as bigint;
    for (const entry of levels) if (entry.up ? entry.level <= price : entry.level >= price) found += 1;
  }
  const scanUs = ((performance.now() - started) * 1000) / scans;
  if (found > 0) throw new Error('the scan crossed');
  return { bookUs, scanUs };
}

const book = placement ? bookTick() : undefined;

const name = `soar_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const app = await buildApp(
  { ...testConfig, inMemoryDatabase: false, databaseUrl: url.toString(), marketEngine: 'on', marketsAlwaysOpen: true },
  {
    market: { autoStart: false, history: { dailyDays: 1, minuteDays: 0 } },
    jobs: { autoStart: false },
    trade: { listen: false },
  },
);

try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ledger = new Ledger(app.db);
  const members: { userId: number; token: string }[] = [];
  for (let i = 0; i < clients; i += 1) {
    const member = await createMember(app);
    await ledger.transaction((book) =>
      book.post({ kind: 'bench_funding', reference: 'bench', userId: member.user.id }, [
        { platform: 'demo_funding', currency: 'USD', amount: '-100000000' },
        { userId: member.user.id, bucket: 'available', currency: 'USD', amount: '100000000' },
      ]),
    );
    members.push({ userId: member.user.id, token: member.token });
  }
  const aapl = app.market.instrument('AAPL');
  const state = aapl && app.market.simulator.states.get(aapl.id);
  if (!state) throw new Error('no AAPL');
  state.price = 100;

  let baseline: { perSecond: number; p99Ms: number } | undefined;
  let ledgerRate = 0;
  let placed: PlaceResult | undefined;
  if (placement) {
    // 1a. The baseline: bench:ledger's workload (withdraw freeze / refuse, each client its own
    // member, two ledger transactions a cycle) on this database, from this process.
    const cycles = await withdrawCycles(app.db, clients);
    await cycles.run(2000);
    baseline = await cycles.run(seconds * 1000);

    // 1b. For reference, the ledger's bare rate: each client posts two-line entries
    // (available -> frozen) on its member.
    const runLedger = async (ms: number) => {
      let done = 0;
      const deadline = performance.now() + ms;
      await Promise.all(
        members.map(async ({ userId }) => {
          while (performance.now() < deadline) {
            await ledger.transaction((book) =>
              book.post({ kind: 'bench', reference: 'bench', userId }, [
                { userId, bucket: 'available', currency: 'USD', amount: new Money(-1) },
                { userId, bucket: 'frozen', currency: 'USD', amount: new Money(1) },
              ]),
            );
            done += 1;
          }
        }),
      );
      return done;
    };
    await runLedger(2000);
    const started = performance.now();
    const ledgerDone = await runLedger(seconds * 1000);
    ledgerRate = ledgerDone / ((performance.now() - started) / 1000);

    // 1c. Market buys through HTTP, each connection its own member. The load generator runs in a
    // child process: in this one it would share the server's event loop (docs/performance.md).
    placed = await placeLoad({
      url: address,
      tokens: members.map((member) => member.token),
      warmupSeconds: 2,
      seconds,
    });
  }

  // 3. 1,000 waiting limit buys (at 99.50, the price at 100) crossed by one tick to 99; a warm-up
  // round, then `fillRounds` rounds, each with fresh orders.
  const crossing = 1000;
  const fillRound = async () => {
    state.price = 100;
    for (let i = 0; i < crossing; i += 1) {
      const member = members[i % clients];
      if (!member) throw new Error('no member');
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/order/place',
        headers: { authorization: `Bearer ${member.token}` },
        payload: { symbol: 'AAPL', type: 'limit', direction: 'buy', quantity: 1, limitPrice: '99.50' },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
    const fillsBefore = app.trade.engine.stats.fills;
    state.price = 99;
    const started = performance.now();
    app.trade.engine.onPrice('AAPL', '99');
    await app.trade.engine.idle();
    const ms = performance.now() - started;
    const filled = app.trade.engine.stats.fills - fillsBefore;
    if (filled !== crossing) throw new Error(`${filled} of ${crossing} filled`);
    return ms;
  };
  await fillRound();
  const rounds: number[] = [];
  for (let round = 0; round < fillRounds; round += 1) rounds.push(await fillRound());
  const sorted = [...rounds].sort((a, b) => a - b);
  const p50 = sorted[Math.floor((sorted.length - 1) / 2)] as number;
  const worst = sorted[sorted.length - 1] as number;

  const report = await verifyLedger(app.db);
  const rows: Record<string, string | number>[] = [];
  if (placed && baseline && book) {
    rows.push(
      {
        run: `bench:ledger withdraw freeze + refuse, ${clients} clients, ${seconds} s (baseline)`,
        'per s': Math.round(baseline.perSecond),
        p99: `${baseline.p99Ms.toFixed(1)} ms`,
        ratio: '',
      },
      {
        run: `ledger two-line entry, ${clients} clients, ${seconds} s (reference)`,
        'per s': Math.round(ledgerRate),
        p99: '-',
        ratio: '',
      },
      {
        run: `order/place market via HTTP, ${clients} connections, ${seconds} s`,
        'per s': Math.round(placed.perSecond),
        p99: `${placed.p99Ms} ms`,
        ratio: `${(placed.perSecond / baseline.perSecond).toFixed(2)} (two-line: ${(placed.perSecond / ledgerRate).toFixed(2)})`,
      },
      {
        run: 'tick, nothing crossed, 100,000 resting: linear scan',
        'per s': '',
        p99: `${book.scanUs.toFixed(1)} µs`,
        ratio: '',
      },
      {
        run: 'tick, nothing crossed, 100,000 resting: trigger book',
        'per s': '',
        p99: `${book.bookUs.toFixed(3)} µs`,
        ratio: (book.bookUs / book.scanUs).toFixed(5),
      },
    );
  }
  rows.push({
    run: `${crossing} triggers in one tick: time to the last fill, ${rounds.length} rounds (p50 / max)`,
    'per s': '',
    p99: `${p50.toFixed(0)} / ${worst.toFixed(0)} ms`,
    ratio: rounds.map((ms) => ms.toFixed(0)).join(' '),
  });
  printTable(rows);
  const errors = placed ? `non-2xx ${placed.non2xx}, errors ${placed.errors}; ` : '';
  console.log(`${errors}ledger ${report.ok ? 'verified' : 'NOT verified'}`);
} finally {
  await app.close();
  await admin(`drop database if exists ${name} with (force)`);
}
