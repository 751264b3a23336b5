import { readFileSync, statSync } from 'node:fs';
import { Interface, Transaction, Wallet } from 'ethers';
import type { EvmNode } from './evm-node.ts';

const token = new Interface([
  'function balanceOf(address owner) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
]);

/** A token transfer never needs more (USDT's takes about 65,000); a fixed limit signs without asking the node. */
export const tokenTransferGas = 100_000n;
/** A cancellation is a plain transfer of nothing to itself. */
export const cancelGas = 21_000n;

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
export type SignedTransaction = { rawTx: string; txHash: string; fees: Fees };

/**
 * Reads the hot wallet's key from `HOT_WALLET_KEY_FILE` (a 0x-prefixed hex private key) once at
 * start. The file must be readable by its owner only; no message ever repeats its content.
 */
export function readHotWalletKey(file: string): Wallet {
  const mode = statSync(file).mode;
  if ((mode & 0o077) !== 0) {
    throw new Error(`HOT_WALLET_KEY_FILE ${file} is readable by others: chmod 600 it`);
  }
  const key = readFileSync(file, 'utf8').trim();
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new Error(`HOT_WALLET_KEY_FILE ${file} does not hold a 0x-prefixed 32-byte hex key`);
  }
  return new Wallet(key);
}

/**
 * The signer's side of an EVM network: balances, fees and signed transactions of one hot
 * wallet. The key stays in this object's private field; nothing here sends anything.
 */
export class EvmHotWallet {
  readonly #wallet: Wallet;
  #chainId: bigint | undefined;

  constructor(
    wallet: Wallet,
    private readonly node: EvmNode,
    readonly contract: string,
  ) {
    this.#wallet = wallet;
  }

  get address(): string {
    return this.#wallet.address;
  }

  async tokenBalance(): Promise<bigint> {
    const data = token.encodeFunctionData('balanceOf', [this.address]);
    return BigInt(await this.node.call<string>('eth_call', [{ to: this.contract, data }, 'latest']));
  }

  async gasBalance(): Promise<bigint> {
    return BigInt(await this.node.call<string>('eth_getBalance', [this.address, 'latest']));
  }

  /** Transactions of the hot wallet the node knows, mined or waiting (the next nonce it would take). */
  async pendingNonce(): Promise<number> {
    return Number(BigInt(await this.node.call<string>('eth_getTransactionCount', [this.address, 'pending'])));
  }

  /** Transactions of the hot wallet mined: a nonce below it is used up. */
  async minedNonce(): Promise<number> {
    return Number(BigInt(await this.node.call<string>('eth_getTransactionCount', [this.address, 'latest'])));
  }

  /** EIP-1559 fees now: twice the latest base fee plus the node's suggested tip, at least `floor`. */
  async fees(floor?: Fees): Promise<Fees> {
    const [block, tip] = await Promise.all([
      this.node.call<{ baseFeePerGas?: string }>('eth_getBlockByNumber', ['latest', false]),
      this.node.call<string>('eth_maxPriorityFeePerGas', []),
    ]);
    let maxPriorityFeePerGas = BigInt(tip);
    let maxFeePerGas = BigInt(block.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas;
    if (floor) {
      // A replacement must pay at least 10% more than the one it replaces (12.5% to be safe).
      const bump = (fee: bigint) => (fee * 1125n + 999n) / 1000n;
      maxPriorityFeePerGas = maxOf(maxPriorityFeePerGas, bump(floor.maxPriorityFeePerGas));
      maxFeePerGas = maxOf(maxFeePerGas, bump(floor.maxFeePerGas));
    }
    return { maxFeePerGas, maxPriorityFeePerGas };
  }

  async #chain(): Promise<bigint> {
    this.#chainId ??= BigInt(await this.node.call<string>('eth_chainId', []));
    return this.#chainId;
  }

  /** The token transfer of `value` raw units to `to`, signed with `nonce`. */
  async signTransfer(to: string, value: bigint, nonce: number, fees: Fees): Promise<SignedTransaction> {
    return this.#sign({
      to: this.contract,
      data: token.encodeFunctionData('transfer', [to, value]),
      gasLimit: tokenTransferGas,
      nonce,
      fees,
    });
  }

  /** Nothing to itself with `nonce`: once mined, no other transaction with that nonce can be. */
  async signCancel(nonce: number, fees: Fees): Promise<SignedTransaction> {
    return this.#sign({ to: this.address, data: '0x', gasLimit: cancelGas, nonce, fees });
  }

  async #sign(tx: { to: string; data: string; gasLimit: bigint; nonce: number; fees: Fees }) {
    const rawTx = await this.#wallet.signTransaction({
      type: 2,
      chainId: await this.#chain(),
      to: tx.to,
      data: tx.data,
      value: 0n,
      gasLimit: tx.gasLimit,
      nonce: tx.nonce,
      maxFeePerGas: tx.fees.maxFeePerGas,
      maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas,
    });
    const txHash = Transaction.from(rawTx).hash;
    if (!txHash) throw new Error('a signed transaction without a hash');
    return { rawTx, txHash, fees: tx.fees };
  }
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
