import path from 'node:path';
import { loanApprovalStatuses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { appSettings, loanProducts, loans, operators, users } from '../db/schema/index.ts';
import { Ledger } from '../modules/ledger/index.ts';
import { accrueOne, LoanAdmin, LoanService, lastEndedDay } from '../modules/loan/index.ts';
import { UploadService } from '../modules/upload/index.ts';
import { demoMember } from './member.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Three products: a short and a standard USD loan, and a long USDT credit line, named in every language. */
const productRows: (typeof loanProducts.$inferInsert)[] = [
  {
    code: 'demo-loan-7',
    name: 'Quick Loan 7 days',
    translations: {
      de: { name: 'Schnellkredit 7 Tage' },
      es: { name: 'Préstamo rápido 7 días' },
      fr: { name: 'Prêt express 7 jours' },
      it: { name: 'Prestito rapido 7 giorni' },
      ja: { name: 'クイックローン 7日' },
      'zh-CN': { name: '快速贷款 7 天' },
    },
    currency: 'USD',
    cycleDays: 7,
    dailyInterestRate: '0.0005',
    dailyPenaltyRate: '0.001',
    minAmount: '100',
    maxAmount: '5000',
    sort: 1,
  },
  {
    code: 'demo-loan-30',
    name: 'Standard Loan 30 days',
    translations: {
      de: { name: 'Standardkredit 30 Tage' },
      es: { name: 'Préstamo estándar 30 días' },
      fr: { name: 'Prêt standard 30 jours' },
      it: { name: 'Prestito standard 30 giorni' },
      ja: { name: 'スタンダードローン 30日' },
      'zh-CN': { name: '标准贷款 30 天' },
    },
    currency: 'USD',
    cycleDays: 30,
    dailyInterestRate: '0.0003',
    dailyPenaltyRate: '0.0008',
    minAmount: '500',
    maxAmount: '20000',
    sort: 2,
  },
  {
    code: 'demo-loan-90-usdt',
    name: 'USDT Credit Line 90 days',
    translations: {
      de: { name: 'USDT-Kreditlinie 90 Tage' },
      es: { name: 'Línea de crédito USDT 90 días' },
      fr: { name: 'Ligne de crédit USDT 90 jours' },
      it: { name: 'Linea di credito USDT 90 giorni' },
      ja: { name: 'USDT クレジットライン 90日' },
      'zh-CN': { name: 'USDT 信用额度 90 天' },
    },
    currency: 'USDT',
    cycleDays: 90,
    dailyInterestRate: '0.0002',
    dailyPenaltyRate: '0.0006',
    minAmount: '1000',
    maxAmount: '50000',
    sort: 3,
  },
];

/** The demo loan: applied for 16 days ago, approved the day after, partly repaid 5 days ago. */
const demoLoan = { product: 'demo-loan-30', amount: '1000', appliedDaysAgo: 16, repaid: '150', repaidDaysAgo: 5 };

/** A drawn signature, as the apply page uploads it. */
const signatureSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">
  <rect width="600" height="200" fill="white"/>
  <path d="M40 140 C 80 40, 120 40, 130 120 S 190 170, 220 90 S 280 30, 300 120 C 310 160, 360 60, 400 110 S 470 150, 560 80"
    fill="none" stroke="#1d2129" stroke-width="5" stroke-linecap="round"/>
</svg>`;

/**
 * The `loan` setting (applications need KYC: on in production, off otherwise, operators change
 * it); in development three products and the demo member's loan being repaid, made through the
 * same calls a member and an operator make.
 */
export async function seedLoans(db: Database, config: Config): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: 'loan', value: { requiresKyc: config.env === 'production' } })
    .onConflictDoNothing();
  if (config.env !== 'development') return;
  await db.insert(loanProducts).values(productRows).onConflictDoNothing();
  await seedDemoLoan(db, config);
}

async function seedDemoLoan(db: Database, config: Config) {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mail, demoMember.mail));
  const [admin] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'admin'));
  const [product] = await db.select().from(loanProducts).where(eq(loanProducts.code, demoLoan.product));
  if (!demo || !admin || !product) return;
  const [existing] = await db.select({ id: loans.id }).from(loans).where(eq(loans.userId, demo.id));
  if (existing) return;

  const now = Date.now();
  let time = now - demoLoan.appliedDaysAgo * dayMs;
  // The ledger journals each step at its own time, as the history the demo tells.
  const ledger = new Ledger(db, undefined, () => time);
  const deps = { db, ledger, clock: () => time };
  const service = new LoanService(deps);
  const png = await sharp(Buffer.from(signatureSvg)).png().toBuffer();
  const signature = await new UploadService(db, path.join(config.dataDir, 'uploads')).store(demo.id, png);
  const claim = (step: string) => ({ owner: 'system', key: `demo-loan-${step}:${demo.id}`, requestHash: step });
  const applied = await service.apply(
    demo.id,
    { productId: product.id, amount: demoLoan.amount, signature: signature.id },
    claim('apply'),
  );
  time += dayMs;
  await new LoanAdmin(deps).review(
    { operatorId: admin.id, ip: '127.0.0.1' },
    { id: applied.id, status: loanApprovalStatuses.approved },
    claim('review'),
  );
  time = now - demoLoan.repaidDaysAgo * dayMs;
  await service.repay(demo.id, { id: applied.id, amount: demoLoan.repaid }, claim('repay'));
  time = now;
  await accrueOne(ledger, applied.id, await service.decimalsOf(product.currency), lastEndedDay(new Date(now)));
}
