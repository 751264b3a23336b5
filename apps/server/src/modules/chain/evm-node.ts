import { evmAddress } from '../../lib/chain-address.ts';
import { type ChainNode, NodeError, postJson, type SeenTransfer, transferTopic } from './node.ts';

type RpcAnswer = { result?: unknown; error?: { code: number; message: string } };
type RpcLog = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
};

/** An RPC error answer (`{ error: { code, message } }`): the node is up, the call was refused. */
export class RpcError extends NodeError {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const hex = (value: number | bigint) => `0x${value.toString(16)}`;
/** Topic filters of one `eth_getLogs` carry at most this many addresses. */
const addressesPerQuery = 100;

/** An EVM JSON-RPC node (`ETH_RPC_URL`). */
export class EvmNode implements ChainNode {
  #id = 0;

  constructor(
    private readonly url: string,
    readonly range = 500,
  ) {}

  async call<T>(method: string, params: unknown[]): Promise<T> {
    this.#id += 1;
    const answer = (await postJson(this.url, { jsonrpc: '2.0', id: this.#id, method, params })) as RpcAnswer;
    if (answer.error) throw new RpcError(answer.error.code, `${method}: ${answer.error.message}`);
    return answer.result as T;
  }

  async head(): Promise<number> {
    return Number(BigInt(await this.call<string>('eth_blockNumber', [])));
  }

  async blockHash(number: number): Promise<string | null> {
    const block = await this.call<{ hash: string } | null>('eth_getBlockByNumber', [hex(number), false]);
    return block?.hash ?? null;
  }

  async transfers(from: number, to: number, addresses: ReadonlySet<string>): Promise<SeenTransfer[]> {
    const topics = [...addresses].map((address) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`);
    const seen: SeenTransfer[] = [];
    for (let start = 0; start < topics.length; start += addressesPerQuery) {
      const logs = await this.call<RpcLog[]>('eth_getLogs', [
        {
          fromBlock: hex(from),
          toBlock: hex(to),
          topics: [`0x${transferTopic}`, null, topics.slice(start, start + addressesPerQuery)],
        },
      ]);
      for (const log of logs) {
        if (log.removed) continue;
        const transfer = parseLog(log);
        if (transfer && addresses.has(transfer.to)) seen.push(transfer);
      }
    }
    return seen;
  }
}

/**
 * A Transfer event: from and to are its indexed topics; the amount is its data (ERC-20) or its
 * fourth topic (an ERC-721 token id, which is "another token" all the same).
 */
function parseLog(log: RpcLog): SeenTransfer | undefined {
  const [, fromTopic, toTopic, idTopic] = log.topics;
  if (!fromTopic || !toTopic) return undefined;
  const data = log.data.length === 66 ? log.data : idTopic;
  return {
    txHash: log.transactionHash,
    logIndex: Number(BigInt(log.logIndex)),
    blockNumber: Number(BigInt(log.blockNumber)),
    blockHash: log.blockHash,
    contract: evmAddress(log.address),
    from: evmAddress(fromTopic.slice(-40)),
    to: evmAddress(toTopic.slice(-40)),
    value: data ? BigInt(data) : 0n,
  };
}
