import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedBackOfficeDemo, seedBanners, seedRoleOperators } from './admin.ts';
import { seedBlocktrade } from './blocktrade.ts';
import { seedIpo } from './ipo.ts';
import { seedLoans } from './loan.ts';
import { seedInstruments, seedNews } from './market.ts';
import { seedMembers } from './member.ts';
import { seedQuant } from './quant.ts';
import { seedSettings } from './settings.ts';
import { seedTradeFees } from './trade.ts';
import { seedWallet } from './wallet.ts';

/** Runs on every start; each seed inserts what is missing and never overwrites edits. */
export async function seed(db: Database, config: Config): Promise<void> {
  await seedSettings(db);
  await seedMembers(db, config);
  await seedInstruments(db);
  await seedNews(db);
  await seedWallet(db, config);
  await seedQuant(db, config);
  await seedLoans(db, config);
  await seedIpo(db, config);
  await seedRoleOperators(db, config);
  await seedBanners(db);
  await seedBackOfficeDemo(db, config);
  await seedTradeFees(db);
  await seedBlocktrade(db, config);
}
