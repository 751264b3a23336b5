import type { CryptoNetwork } from '@soar/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { depositAddresses, deposits } from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import { memberDepositView } from '../wallet/index.ts';
import { type AccountKey, depositAddressAt } from './keys.ts';
import type { ChainSettings } from './settings.ts';

/** How many of the latest chain deposits the deposit page shows under the address. */
const incomingShown = 5;

/**
 * Members' own deposit addresses (docs/ledger.md, On chain): derived from the network's
 * account-level public key on any node, child 0/index with an index given once per network.
 */
export class DepositAddressService {
  constructor(
    private readonly db: Database,
    private readonly settings: ChainSettings,
    private readonly keys: Partial<Record<CryptoNetwork, AccountKey>>,
  ) {}

  /** The member's address, made on the first ask; null when the network has no account key. */
  async addressOf(userId: number, network: CryptoNetwork): Promise<string | null> {
    const key = this.keys[network];
    if (!key) return null;
    const existing = await this.#find(this.db, userId, network);
    if (existing) return existing;
    return this.db.transaction(async (tx) => {
      // First asks of one network queue here: each takes the next index, and a racing first ask
      // of the same member finds the address the other made.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`soar:deposit-address:${network}`}))`);
      const made = await this.#find(tx, userId, network);
      if (made) return made;
      const [last] = await tx
        .select({ next: sql<number>`coalesce(max(${depositAddresses.index}) + 1, 0)::int` })
        .from(depositAddresses)
        .where(eq(depositAddresses.network, network));
      const index = last?.next ?? 0;
      const address = depositAddressAt(network, key, index);
      await tx.insert(depositAddresses).values({ userId, network, index, address });
      return address;
    });
  }

  async #find(db: Pick<Database, 'select'>, userId: number, network: CryptoNetwork) {
    const [row] = await db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)));
    return row?.address;
  }

  /** `GET deposit/address`: the address with what the deposit page shows beside it. */
  async depositAddress(userId: number, network: CryptoNetwork, timezone: string) {
    const address = await this.addressOf(userId, network);
    const incoming = address
      ? await this.db
          .select()
          .from(deposits)
          .where(and(eq(deposits.userId, userId), eq(deposits.source, 'chain'), eq(deposits.network, network)))
          .orderBy(desc(deposits.id))
          .limit(incomingShown)
      : [];
    return {
      network,
      address,
      qr: address,
      contract: address ? (this.settings.networks[network].contract ?? null) : null,
      confirmations: this.settings.confirmations,
      minimum: moneyString(this.settings.minimumDeposit),
      incoming: incoming.map((row) => memberDepositView(row, timezone)),
    };
  }
}
