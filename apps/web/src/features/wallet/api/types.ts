import type {
  balanceAnswer,
  depositChannel,
  depositRecord,
  transactionItem,
  transferAnswer,
  transferQuote,
  walletAddress,
  withdrawConfig,
  withdrawRecord,
} from '@soar/contract';
import type { z } from 'zod';

/** The wallet's wire shapes, typed from the contract the server validates with. */
export type Balances = z.infer<typeof balanceAnswer>;
export type DepositChannel = z.infer<typeof depositChannel>;
export type DepositRecord = z.infer<typeof depositRecord>;
export type Transaction = z.infer<typeof transactionItem>;
export type TransferQuote = z.infer<typeof transferQuote>;
export type TransferAnswer = z.infer<typeof transferAnswer>;
export type WalletAddress = z.infer<typeof walletAddress>;
export type WithdrawConfig = z.infer<typeof withdrawConfig>;
export type WithdrawRecord = z.infer<typeof withdrawRecord>;
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };
