import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { appSettings, depositChannels, users, walletAddresses } from '../db/schema/index.ts';
import { Ledger } from '../modules/ledger/index.ts';
import { defaultWalletSetting } from '../modules/wallet/index.ts';

/** Demo channels: real formats, valid checksums (EIP-55, base58check), no one's real account. */
const channelRows: (typeof depositChannels.$inferInsert)[] = [
  {
    code: 'demo-bank-usd',
    type: 'bank',
    currency: 'USD',
    bankName: 'First Meridian Bank',
    accountName: 'Soar Securities Ltd',
    accountNumber: '4820019937',
    branch: 'New York Main Branch',
    swift: 'FMBKUS33',
    sort: 1,
  },
  {
    code: 'demo-bank-eur',
    type: 'bank',
    currency: 'EUR',
    bankName: 'Banque Rhénane',
    accountName: 'Soar Securities Europe SA',
    accountNumber: 'DE89370400440532013000',
    branch: 'Frankfurt am Main',
    swift: 'BRHEDEFF',
    sort: 2,
  },
  {
    code: 'demo-usdt-trc20',
    type: 'crypto',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN8',
    sort: 3,
  },
  {
    code: 'demo-usdt-erc20',
    type: 'crypto',
    currency: 'USDT',
    network: 'ERC20',
    address: '0xa15fD8D538843cA2D24CDba4954cd4aa14195C04',
    sort: 4,
  },
];

export const demoMail = 'demo@soar.local';
export const demoWalletAddress = 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD';
export const demoFunding = [
  { currency: 'USD', amount: '25000' },
  { currency: 'USDT', amount: '10000' },
  { currency: 'EUR', amount: '5000' },
];

/** Wallet rules and deposit channels outside production; the demo member's money in development. */
export async function seedWallet(db: Database, config: Config): Promise<void> {
  await db.insert(appSettings).values({ key: 'wallet', value: defaultWalletSetting }).onConflictDoNothing();
  if (config.env === 'production') return;
  await db.insert(depositChannels).values(channelRows).onConflictDoNothing();
  if (config.env === 'development') await seedDemoMember(db);
}

/** The demo member's money arrived this long before the first start: their history begins there. */
export const demoFundedDaysAgo = 120;

/** Funds `demo@soar.local` once through the ledger, from the platform's demo_funding account. */
export async function seedDemoMember(db: Database): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mail, demoMail));
  if (!demo) return;
  const userId = demo.id;
  const fundedAt = Date.now() - demoFundedDaysAgo * 24 * 60 * 60 * 1000;
  const ledger = new Ledger(db, undefined, () => fundedAt);
  await ledger.transaction(
    async (book) => {
      await book.post(
        { kind: 'demo_funding', reference: `user:${userId}`, userId },
        demoFunding.flatMap(({ currency, amount }) => [
          { platform: 'demo_funding' as const, currency, amount: `-${amount}` },
          { userId, bucket: 'available' as const, currency, amount },
        ]),
      );
      await book.tx
        .insert(walletAddresses)
        .values({ userId, name: 'Demo TRC-20', currency: 'USDT', network: 'TRC20', address: demoWalletAddress })
        .onConflictDoNothing();
      return { funded: true };
    },
    { owner: 'system', key: `demo-funding:${userId}`, requestHash: 'demo-funding' },
  );
}
