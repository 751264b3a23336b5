import type { CryptoNetwork } from '@soar/contract';
import { HDNodeVoidWallet, HDNodeWallet } from 'ethers';
import { tronAddress } from '../../lib/chain-address.ts';

/** BIP-44 account level (m/44'/coin'/0'): the depth of the extended public keys API nodes hold. */
const accountDepth = 3;
/** Non-hardened child indexes are below 2^31 (BIP-32). */
export const maxAddressIndex = 2 ** 31 - 1;

export type AccountKey = HDNodeVoidWallet;

/**
 * Reads an account-level extended public key (`DEPOSIT_XPUB_ERC20` at m/44'/60'/0',
 * `DEPOSIT_XPUB_TRC20` at m/44'/195'/0'). An extended private key is refused: API nodes hold no
 * private key. Messages never repeat the key.
 */
export function accountKey(extended: string): AccountKey {
  let node: HDNodeWallet | HDNodeVoidWallet;
  try {
    node = HDNodeWallet.fromExtendedKey(extended);
  } catch {
    throw new Error('is not an extended public key (xpub...)');
  }
  if (!(node instanceof HDNodeVoidWallet)) throw new Error('is a private key: give the extended public key (xpub...)');
  if (node.depth !== accountDepth) {
    throw new Error(`is at depth ${node.depth}: give the account-level key (m/44'/coin'/0', depth 3)`);
  }
  return node;
}

/** A member's deposit address: child 0/index of the account key, in the network's address form. */
export function depositAddressAt(network: CryptoNetwork, key: AccountKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > maxAddressIndex) throw new Error('address index out of range');
  const child = key.deriveChild(0).deriveChild(index);
  return network === 'ERC20' ? child.address : tronAddress(child.address);
}
