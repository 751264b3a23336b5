import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import type { CryptoNetwork } from '@soar/contract';
import { getAddress, isAddress } from 'ethers';

/**
 * Addresses of the two networks, through well-kept libraries (ethers for EIP-55, @scure/base for
 * base58check): both are 20 bytes of keccak-256 of a public key, an EVM address as 0x and hex
 * with its checksum in the letters' case, a TRON address as base58check of 0x41 and the bytes.
 */
const base58check = createBase58check(sha256);
const tronPrefix = 0x41;

/** 0x and 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address) && isAddress(address);
}

/** The EIP-55 form of 20 bytes given as hex (with or without 0x). */
export function evmAddress(hex: string): string {
  return getAddress(hex.startsWith('0x') ? hex : `0x${hex}`);
}

/** The base58check TRON address of 20 bytes given as hex (with or without 0x or the 41 prefix). */
export function tronAddress(hex: string): string {
  const digits = hex.replace(/^0x/, '');
  const body = digits.length === 42 ? digits.slice(2) : digits;
  if (!/^[0-9a-fA-F]{40}$/.test(body)) throw new Error('a TRON address is 20 bytes');
  return base58check.encode(Uint8Array.from([tronPrefix, ...Buffer.from(body, 'hex')]));
}

/** The 20 bytes of a TRON address as lower-case hex without prefix; undefined when it is not one. */
export function tronBytes(address: string): string | undefined {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return undefined;
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== tronPrefix) return undefined;
    return Buffer.from(bytes.subarray(1)).toString('hex');
  } catch {
    return undefined;
  }
}

export function isTronAddress(address: string): boolean {
  return tronBytes(address) !== undefined;
}

export function isValidAddress(network: CryptoNetwork, address: string): boolean {
  return network === 'ERC20' ? isEvmAddress(address) : isTronAddress(address);
}
