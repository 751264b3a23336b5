import { tronAddress } from '../../lib/chain-address.ts';
import { type ChainNode, NodeError, postJson, type SeenTransfer, transferTopic } from './node.ts';

type Block = { blockID?: string; block_header?: { raw_data?: { number?: number } } };
type TransactionInfo = {
  id: string;
  blockNumber?: number;
  result?: string;
  receipt?: { result?: string };
  log?: { address: string; topics?: string[]; data?: string }[];
};

/**
 * TRON's HTTP API (`TRON_API_URL`, a full node or TronGrid): `wallet/getnowblock` for the head,
 * `wallet/getblock` (header only) for a block's hash, `wallet/gettransactioninfobyblocknum` for
 * the events of a block. TRON has no range query for events, so a pass reads block by block.
 */
export class TronNode implements ChainNode {
  constructor(
    private readonly url: string,
    readonly range = 20,
  ) {}

  #post(path: string, body: unknown) {
    return postJson(`${this.url.replace(/\/$/, '')}/wallet/${path}`, body);
  }

  async head(): Promise<number> {
    const block = (await this.#post('getnowblock', {})) as Block;
    const number = block.block_header?.raw_data?.number;
    if (typeof number !== 'number') throw new NodeError('getnowblock answered no block');
    return number;
  }

  async blockHash(number: number): Promise<string | null> {
    const block = (await this.#post('getblock', { id_or_num: String(number), detail: false })) as Block;
    return block.blockID ?? null;
  }

  async transfers(from: number, to: number, addresses: ReadonlySet<string>): Promise<SeenTransfer[]> {
    const seen: SeenTransfer[] = [];
    if (addresses.size === 0) return seen;
    for (let number = from; number <= to; number += 1) seen.push(...(await this.#blockTransfers(number, addresses)));
    return seen;
  }

  /** The block's hash is read before and after its events: a block replaced in between is read again next pass. */
  async #blockTransfers(number: number, addresses: ReadonlySet<string>): Promise<SeenTransfer[]> {
    const before = await this.blockHash(number);
    const answer = await this.#post('gettransactioninfobyblocknum', { num: number });
    const after = await this.blockHash(number);
    if (!before || before !== after) throw new NodeError(`block ${number} changed while it was read`);
    if (!Array.isArray(answer)) return [];
    const seen: SeenTransfer[] = [];
    for (const info of answer as TransactionInfo[]) {
      if (info.result === 'FAILED' || (info.receipt?.result && info.receipt.result !== 'SUCCESS')) continue;
      for (const [index, log] of (info.log ?? []).entries()) {
        const [topic, fromTopic, toTopic] = log.topics ?? [];
        if (topic?.replace(/^0x/, '').toLowerCase() !== transferTopic || !fromTopic || !toTopic) continue;
        const to = tronAddress(toTopic.slice(-40));
        if (!addresses.has(to)) continue;
        seen.push({
          txHash: info.id,
          logIndex: index,
          blockNumber: number,
          blockHash: before,
          contract: tronAddress(log.address),
          from: tronAddress(fromTopic.slice(-40)),
          to,
          value: log.data ? BigInt(`0x${log.data.replace(/^0x/, '') || '0'}`) : 0n,
        });
      }
    }
    return seen;
  }
}
