import { type CryptoNetwork, chainTransferStates } from '@soar/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chainTransfers, depositAddresses, depositChannels } from '../../db/schema/index.ts';
import type { Worker } from '../../jobs/workers.ts';
import type { Ledger } from '../ledger/index.ts';
import { chainNetwork, nodeAnswered, nodeFailed, saveCursor } from './chain-networks.ts';
import type { ChainNode } from './node.ts';
import {
  countConfirmations,
  creditTransfer,
  dropTransfers,
  holdReason,
  holdTransfer,
  type Recording,
  recordTransfer,
} from './transfers.ts';

/** Between passes at the chain's head; a watcher behind it reads its next range at once. */
const intervalMs = 5_000;

/**
 * The deposit watcher of one network (docs/ledger.md, On chain), a worker on the engine node. A
 * pass reads the head, drops confirming transfers whose block hash changed (a reorganisation),
 * reads Transfer events to the platform's addresses from the cursor in one bounded range (the
 * unconfirmed blocks are read again each pass, so a transfer moved to another block is found),
 * counts confirmations and credits what has them. A node that fails pauses it: the network's row
 * says so, and the next pass goes on from the cursor.
 */
export class ChainWatcher implements Worker {
  readonly name: string;
  readonly intervalMs = intervalMs;
  /** Members' addresses (address -> member), read once and then only the new ones. */
  readonly #owners = new Map<string, number>();
  #lastAddressId = 0;

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly node: ChainNode,
    private readonly recording: Recording,
  ) {
    this.name = `chain.watch.${recording.network}`;
  }

  get network(): CryptoNetwork {
    return this.recording.network;
  }

  async pass(now: Date): Promise<boolean> {
    try {
      return await this.#pass(now);
    } catch (error) {
      await nodeFailed(this.db, this.network, error, now);
      throw error;
    }
  }

  async #pass(now: Date): Promise<boolean> {
    const head = await this.node.head();
    const state = await chainNetwork(this.db, this.network);
    const needed = this.recording.confirmationsNeeded;
    // The first pass starts with the blocks not yet confirmed; a shorter chain moves the cursor back.
    const cursor = Math.min(state?.cursor ?? head - needed, head);
    await this.#dropReorganised(head);
    const from = Math.max(0, Math.min(cursor + 1, head - needed + 1));
    const to = Math.min(head, from + this.node.range - 1);
    const owners = await this.#watched();
    const seen = from <= to ? await this.node.transfers(from, to, new Set(owners.keys())) : [];
    await this.ledger.transaction(async (book) => {
      for (const transfer of seen) {
        const confirmations = Math.max(0, head - transfer.blockNumber + 1);
        await recordTransfer(book, this.recording, transfer, owners.get(transfer.to) ?? null, confirmations);
      }
      await countConfirmations(book, this.network, head);
    });
    await this.#creditConfirmed(head);
    await saveCursor(this.db, this.network, Math.max(to, cursor), head);
    await nodeAnswered(this.db, this.network, now);
    return to < head;
  }

  /** Confirming transfers whose block is no longer the one they were seen in. */
  async #dropReorganised(head: number) {
    const confirming = await this.db
      .select({ id: chainTransfers.id, blockNumber: chainTransfers.blockNumber, blockHash: chainTransfers.blockHash })
      .from(chainTransfers)
      .where(and(eq(chainTransfers.network, this.network), eq(chainTransfers.state, chainTransferStates.confirming)));
    const hashes = new Map<number, string | null>();
    const gone: number[] = [];
    for (const transfer of confirming) {
      if (!hashes.has(transfer.blockNumber)) {
        hashes.set(
          transfer.blockNumber,
          transfer.blockNumber > head ? null : await this.node.blockHash(transfer.blockNumber),
        );
      }
      if (hashes.get(transfer.blockNumber) !== transfer.blockHash) gone.push(transfer.id);
    }
    if (gone.length > 0) await this.ledger.transaction((book) => dropTransfers(book, gone));
  }

  /** Every address a transfer may arrive at: members' own, and deposit channels' (of no member). */
  async #watched(): Promise<Map<string, number | null>> {
    const added = await this.db
      .select({ id: depositAddresses.id, address: depositAddresses.address, userId: depositAddresses.userId })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.network, this.network), gt(depositAddresses.id, this.#lastAddressId)));
    for (const row of added) {
      this.#owners.set(row.address, row.userId);
      this.#lastAddressId = Math.max(this.#lastAddressId, row.id);
    }
    const channels = await this.db
      .select({ address: depositChannels.address })
      .from(depositChannels)
      .where(
        and(
          eq(depositChannels.type, 'crypto'),
          eq(depositChannels.network, this.network),
          isNull(depositChannels.deletedAt),
        ),
      );
    const watched = new Map<string, number | null>(this.#owners);
    for (const { address } of channels) if (address && !watched.has(address)) watched.set(address, null);
    return watched;
  }

  /**
   * Each transfer with its confirmations, its block checked once more: credited to its member in
   * its own transaction, or held for an operator.
   */
  async #creditConfirmed(head: number) {
    const ready = await this.db
      .select()
      .from(chainTransfers)
      .where(and(eq(chainTransfers.network, this.network), eq(chainTransfers.state, chainTransferStates.confirming)));
    for (const candidate of ready) {
      if (head - candidate.blockNumber + 1 < this.recording.confirmationsNeeded) continue;
      if ((await this.node.blockHash(candidate.blockNumber)) !== candidate.blockHash) continue;
      await this.ledger.transaction(async (book) => {
        const [transfer] = await book.tx
          .select()
          .from(chainTransfers)
          .where(eq(chainTransfers.id, candidate.id))
          .for('update');
        if (transfer?.state !== chainTransferStates.confirming || transfer.blockHash !== candidate.blockHash) return;
        const reason = await holdReason(book.tx, transfer);
        if (reason || transfer.userId === null) return holdTransfer(book, transfer, reason ?? 'no_member');
        await creditTransfer(book, transfer, transfer.userId);
      });
    }
  }
}
