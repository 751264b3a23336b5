import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { CryptoNetwork } from '@soar/contract';

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** Empty when a character is not base58. */
function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = base58Alphabet.indexOf(char);
    if (digit < 0) return new Uint8Array();
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function base58CheckEncode(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  const bytes = Buffer.concat([payload, checksum]);
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = base58Alphabet[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** EIP-55: a hex digit is upper case when the matching nibble of keccak-256(lower-case address) is 8 or more. */
export function erc20Checksum(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let result = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower.charAt(i);
    result += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

/** 0x and 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum. */
export function isErc20Address(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return erc20Checksum(address) === address;
}

/** TRON: 34 base58 characters decoding to 0x41, 20 bytes and a double-SHA256 checksum. */
export function isTrc20Address(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Decode(address);
  if (bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.from(bytes.subarray(21)).equals(checksum);
}

export function isValidAddress(network: CryptoNetwork, address: string): boolean {
  return network === 'ERC20' ? isErc20Address(address) : isTrc20Address(address);
}
