import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

/** A server's process, stopped while another server is loaded. */
export type Pausable = { pause(): void; resume(): void };

/** A URL to load on a server. */
export type LoadTarget = { url: string; server: Pausable };

export type TurnOptions = { connections?: number; seconds?: number; slices?: number; warmupSeconds?: number };

/**
 * Loads the targets in turns: after a warm-up each, `slices` rounds in which every target gets
 * `seconds / slices` of load while the other servers' processes are stopped. On a machine whose speed
 * drifts (other work on the same cores), every target sees the same drift, so their ratios hold.
 * Requests a second are over each target's whole loaded time; p99 is the median of its slices'.
 */
export async function loadInTurns(targets: LoadTarget[], options: TurnOptions = {}): Promise<LoadResult[]> {
  const connections = options.connections ?? 50;
  const slices = options.slices ?? 5;
  const sliceSeconds = (options.seconds ?? 10) / slices;
  const servers = new Set(targets.map((target) => target.server));
  const alone = async <T>(target: LoadTarget, run: () => Promise<T>) => {
    for (const server of servers) if (server !== target.server) server.pause();
    try {
      return await run();
    } finally {
      for (const server of servers) if (server !== target.server) server.resume();
    }
  };
  for (const target of targets) {
    await alone(target, () => autocannon({ url: target.url, connections, duration: options.warmupSeconds ?? 2 }));
  }
  const runs = targets.map(() => [] as autocannon.Result[]);
  for (let slice = 0; slice < slices; slice++) {
    for (const [index, target] of targets.entries()) {
      runs[index]?.push(
        await alone(target, () => autocannon({ url: target.url, connections, duration: sliceSeconds })),
      );
    }
  }
  return runs.map((results) => {
    const p99s = results.map((result) => result.latency.p99).sort((a, b) => a - b);
    const sum = (pick: (result: autocannon.Result) => number) =>
      results.reduce((total, result) => total + pick(result), 0);
    return {
      requestsPerSecond: sum((result) => result.requests.total) / sum((result) => result.duration),
      p99Ms: p99s[Math.floor(p99s.length / 2)] ?? 0,
      errors: sum((result) => result.errors + result.timeouts),
      non2xx: sum((result) => result.non2xx),
    };
  });
}

export function printTable(rows: Record<string, string | number>[]) {
  console.table(rows);
}
