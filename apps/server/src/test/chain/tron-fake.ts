import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tronBytes } from '../../lib/chain-address.ts';

type Log = { address: string; topics: string[]; data: string };
type TransactionInfo = {
  id: string;
  fee: number;
  blockNumber: number;
  blockTimeStamp: number;
  contractResult: string[];
  contract_address: string;
  receipt: { result: string; energy_usage_total: number; net_fee: number };
  log?: Log[];
};
type Block = { number: number; id: string; infos: TransactionInfo[] };
export type TronTransfer = { contract: string; from: string; to: string; value: bigint };

const transferTopic = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (hex: string) => hex.padStart(64, '0');
const bytesOf = (address: string) => {
  const bytes = tronBytes(address);
  if (!bytes) throw new Error(`not a TRON address: ${address}`);
  return bytes;
};

/**
 * A stand-in for TRON's HTTP API with the shapes TRON documents for the three calls the watcher
 * makes: `wallet/getnowblock` and `wallet/getblock` (a block: `blockID`, `block_header.raw_data.
 * number`; `{}` when there is none) and `wallet/gettransactioninfobyblocknum` (an array of
 * TransactionInfo: `id`, `blockNumber`, `receipt.result`, `log[]` with the contract address as
 * 20 bytes of hex without 41, topics and data as hex without 0x). Blocks are made by the test; a
 * fork replaces blocks from a height with new ones.
 */
export async function startTronFake() {
  const blocks: Block[] = [];
  let down = false;
  const newBlock = (infos: TransactionInfo[] = []): Block => {
    const number = blocks.length;
    const block = {
      number,
      // TRON's block id starts with the block number (8 bytes) and goes on with its hash.
      id: number.toString(16).padStart(16, '0') + randomBytes(24).toString('hex'),
      infos: infos.map((info) => ({ ...info, blockNumber: number })),
    };
    blocks.push(block);
    return block;
  };
  newBlock();
  const header = (block: Block | undefined) =>
    block
      ? {
          blockID: block.id,
          block_header: {
            raw_data: {
              number: block.number,
              txTrieRoot: '00'.repeat(32),
              timestamp: 1_700_000_000_000 + block.number * 3000,
            },
            witness_signature: '00'.repeat(65),
          },
        }
      : {};
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body =
      chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    if (down) {
      response.statusCode = 503;
      response.end('{"Error":"service unavailable"}');
      return;
    }
    response.setHeader('content-type', 'application/json');
    const path = request.url ?? '';
    if (path === '/wallet/getnowblock') return response.end(JSON.stringify(header(blocks.at(-1))));
    if (path === '/wallet/getblock') {
      return response.end(JSON.stringify(header(blocks[Number(body.id_or_num)])));
    }
    if (path === '/wallet/gettransactioninfobyblocknum') {
      const block = blocks[Number(body.num)];
      return response.end(JSON.stringify(block ? block.infos : {}));
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const info = (transfers: TronTransfer[], result = 'SUCCESS'): TransactionInfo => ({
    id: randomBytes(32).toString('hex'),
    fee: 345_000,
    blockNumber: 0,
    blockTimeStamp: 0,
    contractResult: [''],
    contract_address: `41${bytesOf(transfers[0]?.contract ?? '')}`,
    receipt: { result, energy_usage_total: 14_650, net_fee: 345_000 },
    log: transfers.map((transfer) => ({
      address: bytesOf(transfer.contract),
      topics: [transferTopic, word(bytesOf(transfer.from)), word(bytesOf(transfer.to))],
      data: word(transfer.value.toString(16)),
    })),
  });

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** One transaction with these Transfer events, in a new block; answers its id and block. */
    send(transfers: TronTransfer[], result = 'SUCCESS') {
      const block = newBlock([info(transfers, result)]);
      return { txId: block.infos[0]?.id ?? '', block: block.number };
    },
    mine(count = 1) {
      for (let i = 0; i < count; i += 1) newBlock();
    },
    /** A reorganisation: the blocks from `height` on are replaced by empty ones (or by `infos` in the first). */
    fork(height: number, replacement: { txId: string; block: number }[] = []) {
      const moved = replacement.flatMap(
        ({ block, txId }) => blocks[block]?.infos.filter((item) => item.id === txId) ?? [],
      );
      const count = blocks.length - height;
      blocks.splice(height);
      newBlock();
      if (moved.length > 0) newBlock(moved);
      while (blocks.length < height + count) newBlock();
    },
    head: () => blocks.length - 1,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
