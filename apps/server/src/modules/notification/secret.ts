import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The key unsubscribe links are signed with: UNSUBSCRIBE_SECRET, or, outside production, made
 * once and kept in `DATA_DIR/unsubscribe.key` (mode 600; a test's in-memory app makes its own).
 * Production without it sends no notification mail. Every node of a deployment needs the same.
 */
export function unsubscribeSecret(config: Config): string | undefined {
  if (config.unsubscribeSecret) return config.unsubscribeSecret;
  if (config.env === 'production') return undefined;
  if (config.inMemoryDatabase) return randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, 'unsubscribe.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
