import type { Database } from '../client.ts';
import { seedSettings } from './settings.ts';

export async function seed(db: Database): Promise<void> {
  await seedSettings(db);
}
