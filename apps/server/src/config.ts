import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const urlWith = (...protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWith('postgres', 'postgresql').optional(),
  REDIS_URL: urlWith('redis', 'rediss').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: urlWith('smtp', 'smtps').optional(),
  WEB_DIST: z.string().min(1).optional(),
  ADMIN_DIST: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  MARKET_ENGINE: z.enum(['on', 'off']).default('on'),
  SIMULATOR_SEED: z.coerce.number().int().min(0).max(4294967295).default(20261120),
  MARKETS_ALWAYS_OPEN: booleanFlag.optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; without it the embedded PGlite in `dataDir` (or in memory when null). */
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: string;
  adminPassword?: string;
  smtpUrl?: string;
  /** The built web app to serve at `/`; nothing is served there when it is missing. */
  webDist: string;
  /** The built back office to serve at `/admin/`; nothing is served there when it is missing. */
  adminDist?: string;
  /** Every operator must enrol a second factor (TOTP) before any other call: production. */
  requireOperatorTotp?: boolean;
  trustProxy: boolean;
  /** Requests a minute per client on routes that opt into the general limit. */
  rateLimitMax: number;
  /** `off`: no simulation, no computed history, no candle writes (quotes stay still unless Redis brings ticks). */
  marketEngine: 'on' | 'off';
  /** The simulator's seed: the same seed replays the same market. */
  simulatorSeed: number;
  /** Every market trades around the clock, weekends too (demos). */
  marketsAlwaysOpen: boolean;
  /** Tests use an in-memory PGlite; `npm start` keeps data in `dataDir`. */
  inMemoryDatabase?: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment; a bad variable is named in the message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration: ADMIN_PASSWORD is required when NODE_ENV=production (at least 8 characters)',
    );
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    webDist: path.resolve(env.WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist')),
    adminDist: path.resolve(env.ADMIN_DIST ?? path.join(repositoryRoot, 'apps/admin/dist')),
    requireOperatorTotp: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY,
    rateLimitMax: env.RATE_LIMIT_MAX,
    marketEngine: env.MARKET_ENGINE,
    simulatorSeed: env.SIMULATOR_SEED,
    marketsAlwaysOpen: env.MARKETS_ALWAYS_OPEN ?? env.NODE_ENV === 'development',
  };
}
