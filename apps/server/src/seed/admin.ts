import path from 'node:path';
import { languageKeys } from '@soar/contract';
import { translate } from '@soar/i18n';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { balanceAdjustments, banners, deposits, operators, users, walletAddresses } from '../db/schema/index.ts';
import { Money } from '../lib/decimal.ts';
import { hashPassword } from '../lib/passwords.ts';
import { Ledger } from '../modules/ledger/index.ts';
import { UploadService } from '../modules/upload/index.ts';
import { DepositService, WithdrawService } from '../modules/wallet/index.ts';
import { demoMember, demoRoleOperators } from './member.ts';

export async function seedRoleOperators(db: Database, config: Config): Promise<void> {
  if (config.env !== 'development') return;
  const existing = new Set(
    (await db.select({ username: operators.username }).from(operators)).map((row) => row.username),
  );
  const missing = demoRoleOperators.filter((operator) => !existing.has(operator.username));
  // argon2 hashes run on the thread pool: together they cost about one on a cold start.
  const rows = await Promise.all(
    missing.map(async ({ username, role, password }) => ({
      username,
      role,
      passwordHash: await hashPassword(password),
    })),
  );
  if (rows.length > 0) await db.insert(operators).values(rows).onConflictDoNothing();
}

/** The home page's three banners, in every language of the catalogs; operators edit them later. */
const bannerLinks = ['/pages/main/market/index', '/pages/main/watchlist/index', '/pages/deposit/index'];

export async function seedBanners(db: Database): Promise<void> {
  const rows = bannerLinks.map((link, index) => ({
    code: `home-${index}`,
    style: index,
    link,
    sort: index + 1,
    translations: Object.fromEntries(
      languageKeys.map((lang) => [
        lang,
        {
          title: translate(lang, `marketUi.banners.${index}.title`),
          text: translate(lang, `marketUi.banners.${index}.text`),
        },
      ]),
    ),
  }));
  await db.insert(banners).values(rows).onConflictDoNothing();
}

/** A bank transfer receipt drawn for the demo deposit's proof. */
function receiptImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="#f6f7fb"/>
    <rect x="20" y="20" width="560" height="360" rx="12" fill="#fff" stroke="#d0d5e2"/>
    <text x="48" y="80" font-family="sans-serif" font-size="28" font-weight="bold" fill="#465CFF">First Meridian Bank</text>
    <text x="48" y="130" font-family="sans-serif" font-size="20" fill="#333">Transfer receipt</text>
    <text x="48" y="190" font-family="sans-serif" font-size="18" fill="#555">To: Soar Securities Ltd  4820019937</text>
    <text x="48" y="230" font-family="sans-serif" font-size="18" fill="#555">From: Demo  DE44 5001 0517 5407 3249 31</text>
    <text x="48" y="300" font-family="sans-serif" font-size="34" font-weight="bold" fill="#111">USD 1,000.00</text>
    <text x="48" y="350" font-family="sans-serif" font-size="16" fill="#09BE4F">Completed</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Development only, once: the demo member's waiting deposits (one with a proof image), a waiting
 * withdrawal and an adjustment waiting for its checker, so the back office's queues show their
 * life cycle on an empty data directory.
 */
export async function seedBackOfficeDemo(db: Database, config: Config): Promise<void> {
  if (config.env !== 'development') return;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mail, demoMember.mail));
  if (!demo) return;
  const [anyDeposit] = await db.select({ id: deposits.id }).from(deposits).where(eq(deposits.userId, demo.id)).limit(1);
  if (anyDeposit) return;
  const ledger = new Ledger(db);
  const depositsService = new DepositService(db, ledger);
  const proof = await new UploadService(db, path.join(config.dataDir, 'uploads')).store(demo.id, await receiptImage());
  await depositsService.apply(demo.id, {
    type: 'bank',
    currency: 'USD',
    amount: '1000',
    proof: proof.id,
    bankName: 'Rheinland Sparkasse',
    bankBranch: 'Köln',
    account: 'DE44500105175407324931',
    bankCode: 'RHSPDE33',
  });
  await depositsService.apply(demo.id, {
    type: 'crypto',
    currency: 'USDT',
    network: 'TRC20',
    amount: '500',
    txHash: '7c1f0a3e9b2d4c6a8e0f1b3d5c7a9e1f3b5d7c9a1e3f5b7d9c1a3e5f7b9d1c3e',
  });
  const [wallet] = await db.select().from(walletAddresses).where(eq(walletAddresses.userId, demo.id)).limit(1);
  if (wallet) {
    await new WithdrawService(db, ledger).freeze(demo.id, {
      currency: 'USDT',
      amount: new Money('200'),
      fee: new Money('2'),
      wallet,
      arrival: { currency: 'USDT', amount: new Money('200'), rate: new Money(1) },
    });
  }
  const [finance] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'finance'));
  if (finance) {
    await db.insert(balanceAdjustments).values({
      userId: demo.id,
      currency: 'USD',
      direction: 'credit',
      amount: '50',
      reason: 'Goodwill credit for a delayed deposit review',
      makerId: finance.id,
    });
  }
}
