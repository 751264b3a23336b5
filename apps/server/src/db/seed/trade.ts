import type { Database } from '../client.ts';
import { tradeFeeSchedules } from '../schema/index.ts';

/**
 * The fee schedule per market (docs/trading.md, Fees): commission rate, minimum, platform fee per
 * order, and the commission discount per VIP level. Inserted once; operators edit it after.
 */
const vipDiscounts = [
  { level: 1, discount: '0.1' },
  { level: 2, discount: '0.2' },
  { level: 3, discount: '0.3' },
  { level: 4, discount: '0.4' },
  { level: 5, discount: '0.5' },
];

export const feeSchedules = [
  { market: 'US', currency: 'USD', rate: '0.0005', minimum: '1', platformFee: '0.5', vipDiscounts },
  { market: 'HK', currency: 'HKD', rate: '0.0008', minimum: '10', platformFee: '5', vipDiscounts },
  { market: 'JP', currency: 'JPY', rate: '0.0006', minimum: '100', platformFee: '50', vipDiscounts },
  { market: 'EU', currency: 'EUR', rate: '0.0006', minimum: '1', platformFee: '0.5', vipDiscounts },
];

export async function seedTradeFees(db: Database): Promise<void> {
  await db.insert(tradeFeeSchedules).values(feeSchedules).onConflictDoNothing();
}
