import type { Config } from '../../config.ts';
import type { Database } from '../client.ts';
import { seedInstruments, seedNews } from './market.ts';
import { seedSettings } from './settings.ts';

/** Runs on every start; each seed inserts what is missing and never overwrites edits. */
export async function seed(db: Database, config: Config): Promise<void> {
  await seedSettings(db);
  await seedInstruments(db);
  await seedNews(db);
  // Demo data (users, balances, content) only outside production: `config.env !== 'production'`.
  void config;
}
