import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID keys push messages are signed with: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or,
 * outside production, generated once and kept in `DATA_DIR/vapid.json` (a test's in-memory app
 * makes its own). Production without them has no push.
 */
export function vapidKeys(config: Config): VapidKeys | undefined {
  const { publicKey, privateKey } = config.push ?? {};
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (config.env === 'production') return undefined;
  if (config.inMemoryDatabase) return webpush.generateVAPIDKeys();
  const file = path.join(config.dataDir, 'vapid.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
