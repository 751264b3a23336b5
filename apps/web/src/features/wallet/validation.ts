import { type CryptoNetwork, wholeAmount } from '@soar/contract';

/**
 * An amount is a whole number of at least 1 (docs/product.md, "Wallet"): the contract's
 * `wholeAmount`, the schema the server validates with. Answers an i18n key, or undefined when valid.
 */
export function amountError(value: string | undefined): string | undefined {
  const result = wholeAmount.safeParse((value ?? '').trim());
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'validation.amount');
}

/** The amount as the wire wants it: digits without leading zeros or a zero fraction. */
export const normaliseAmount = (value: string) =>
  value
    .trim()
    .replace(/\.0*$/, '')
    .replace(/^0+(?=\d)/, '');

/**
 * The address shapes the server checks (ERC-20 `0x` + 40 hex, TRC-20 `T` + 33 base58); the
 * server also checks the EIP-55 and base58check checksums, which stay its verdict.
 */
const addressPatterns: Record<CryptoNetwork, RegExp> = {
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

export const isAddressShape = (network: CryptoNetwork, address: string) =>
  addressPatterns[network].test(address.trim());
