import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

export type LoadOptions = { connections?: number; seconds?: number; warmupSeconds?: number };

/** Runs autocannon against one URL after a short warm-up, and keeps the figures we report. */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  await autocannon({ url, connections, duration: options.warmupSeconds ?? 2 });
  const result = await autocannon({ url, connections, duration: options.seconds ?? 10 });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: Record<string, string | number>[]) {
  console.table(rows);
}
