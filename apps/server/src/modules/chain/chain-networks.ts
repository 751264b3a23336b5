import type { CryptoNetwork } from '@soar/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chainNetworks } from '../../db/schema/index.ts';

type NetworkRow = typeof chainNetworks.$inferSelect;

export async function chainNetwork(db: Database, network: CryptoNetwork): Promise<NetworkRow | undefined> {
  const [row] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  return row;
}

/** Writes some of the network's row, making it on first use. */
async function upsert(db: Database, network: CryptoNetwork, change: Partial<NetworkRow>) {
  await db
    .insert(chainNetworks)
    .values({ network, ...change, updatedAt: new Date() })
    .onConflictDoUpdate({ target: chainNetworks.network, set: { ...change, updatedAt: new Date() } });
}

export function saveCursor(db: Database, network: CryptoNetwork, cursor: number, latestBlock: number) {
  return upsert(db, network, { cursor, latestBlock });
}

/** The node answered: the network is up again (its outage is over). */
export function nodeAnswered(db: Database, network: CryptoNetwork, now: Date) {
  return upsert(db, network, { nodeState: 'ok', nodeError: null, failingSince: null, checkedAt: now });
}

/** The node failed: the watcher pauses and operators see why and since when. */
export async function nodeFailed(db: Database, network: CryptoNetwork, error: unknown, now: Date) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await db
    .insert(chainNetworks)
    .values({ network, nodeState: 'down', nodeError: message, failingSince: now, updatedAt: now })
    .onConflictDoUpdate({
      target: chainNetworks.network,
      set: {
        nodeState: 'down',
        nodeError: message,
        failingSince: sql`coalesce(${chainNetworks.failingSince}, ${now})`,
        updatedAt: now,
      },
    });
}

/** What the signer last saw of its hot wallet; null address when no signer runs. */
export function saveHotWallet(
  db: Database,
  network: CryptoNetwork,
  wallet: { hotWallet: string | null; hotBalance?: string | null; hotGas?: string | null },
) {
  return upsert(db, network, wallet);
}
