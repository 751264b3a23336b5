import type { CryptoNetwork } from '@soar/contract';
import type { Money } from '../../lib/decimal.ts';

/** USDT has 6 decimals on both networks: a raw amount of 1,000,000 is 1 USDT. */
export const usdtDecimals = 6;

/** The crypto rails as the chain module uses them (from `Config.chain`, docs/operations.md). */
export type ChainSettings = {
  networks: Record<CryptoNetwork, { node?: string; contract?: string }>;
  confirmations: number;
  minimumDeposit: Money;
};
