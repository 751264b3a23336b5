import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

/** Operator-editable wallet rules, the `wallet` row of app_settings. */
export type WalletSetting = {
  /** docs/product.md section 9: $10. */
  withdrawMinimumUsd: string;
  withdrawFeeRate: string;
  withdrawFeeMinimumUsd: string;
  withdrawRequiresKyc: boolean;
  /** A deposit currency credited to another balance, e.g. { "USDT": "USD" }; unmapped ones credit themselves. */
  depositCreditCurrency: Record<string, string>;
};

export const defaultWalletSetting: WalletSetting = {
  withdrawMinimumUsd: '10',
  withdrawFeeRate: '0.01',
  withdrawFeeMinimumUsd: '1',
  withdrawRequiresKyc: false,
  depositCreditCurrency: {},
};

export async function walletSetting(db: Database | Transaction): Promise<WalletSetting> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'wallet'));
  return { ...defaultWalletSetting, ...((row?.value as Partial<WalletSetting> | undefined) ?? {}) };
}
