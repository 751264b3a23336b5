// The load generator of bench:trade part 1, in its own process so it does not share the server's
// event loop (the ledger baseline it is compared with has no load generator in-process either).
// The parent sends one PlaceLoad; the answer is one PlaceResult. Connection i places for member i.
import autocannon from 'autocannon';

export type PlaceLoad = { url: string; tokens: string[]; warmupSeconds: number; seconds: number };
export type PlaceResult = { perSecond: number; p99Ms: number; non2xx: number; errors: number };

function run(load: PlaceLoad, duration: number) {
  let next = 0;
  return autocannon({
    url: `${load.url}/api/v1/order/place`,
    connections: load.tokens.length,
    duration,
    method: 'POST',
    body: JSON.stringify({ symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 1 }),
    setupClient: (client) => {
      const token = load.tokens[next % load.tokens.length];
      next += 1;
      client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
    },
  });
}

process.once('message', async (load: PlaceLoad) => {
  await run(load, load.warmupSeconds);
  const result = await run(load, load.seconds);
  const answer: PlaceResult = {
    perSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  process.send?.(answer, () => process.disconnect());
});
