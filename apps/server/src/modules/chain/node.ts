/** A token transfer event as a node reports it, addresses in the network's own form. */
export type SeenTransfer = {
  txHash: string;
  /** The event's index: in its block (EVM) or in its transaction (TRON). */
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  contract: string;
  from: string;
  to: string;
  /** The raw amount in the token's smallest units. */
  value: bigint;
};

/**
 * What the watcher needs of a network's node (docs/ledger.md, On chain). One implementation per
 * network: an EVM JSON-RPC node (`evm-node.ts`) and TRON's HTTP API (`tron-node.ts`).
 */
export interface ChainNode {
  /** Most blocks one pass reads, so a pass is bounded however far behind the cursor is. */
  readonly range: number;
  /** The newest block number. */
  head(): Promise<number>;
  /** The hash of the block at `number` on the node's chain now; null past the head. */
  blockHash(number: number): Promise<string | null>;
  /** Transfer events of any token in blocks `from` to `to` (inclusive) to one of `addresses`. */
  transfers(from: number, to: number, addresses: ReadonlySet<string>): Promise<SeenTransfer[]>;
}

/** keccak-256 of `Transfer(address,address,uint256)`: ERC-20 and TRC-20 alike. */
export const transferTopic = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A node's failure, worded for the operators' chain page (never a key or a signed transaction). */
export class NodeError extends Error {
  override name = 'NodeError';
}

/** POSTs JSON and answers the parsed body; a network failure, timeout or HTTP error is a NodeError. */
export async function postJson(url: string, body: unknown, timeoutMs = 10_000): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new NodeError(`node unreachable (${cause})`);
  }
  if (!response.ok) throw new NodeError(`node answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new NodeError('node answered something other than JSON');
  }
}
