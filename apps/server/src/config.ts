import path from 'node:path';
import type { CryptoNetwork } from '@soar/contract';
import { z } from 'zod';
import { isEvmAddress, isTronAddress } from './lib/chain-address.ts';
import { accountKey } from './modules/chain/index.ts';

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
  PUBLIC_ORIGIN: urlWith('http', 'https').optional(),
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
      message: 'must be a host name such as soar.example.com (no scheme, port or path)',
    })
    .optional(),
  WEB_DIST: z.string().min(1).optional(),
  ADMIN_DIST: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  MARKET_ENGINE: z.enum(['on', 'off']).default('on'),
  ENGINE_LEASE_SECONDS: z.coerce.number().int().min(2).max(300).default(5),
  SIMULATOR_SEED: z.coerce.number().int().min(0).max(4294967295).default(20261120),
  MARKETS_ALWAYS_OPEN: booleanFlag.optional(),
  ETH_RPC_URL: urlWith('http', 'https').optional(),
  USDT_ERC20_CONTRACT: z.string().refine(isEvmAddress, { message: 'must be a 0x address' }).optional(),
  TRON_API_URL: urlWith('http', 'https').optional(),
  USDT_TRC20_CONTRACT: z.string().refine(isTronAddress, { message: 'must be a TRON address (T...)' }).optional(),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  CHAIN_MIN_DEPOSIT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, { message: 'must be a USDT amount (up to 6 decimals)' })
    .refine((value) => Number(value) > 0, { message: 'must be above 0' })
    .default('1'),
  HOT_WALLET_KEY_FILE: z.string().min(1).optional(),
  ALPACA_KEY_ID: z.string().min(1).optional(),
  ALPACA_SECRET_KEY: z.string().min(1).optional(),
  ALPACA_DATA_STREAM_URL: urlWith('wss', 'ws').default('wss://stream.data.alpaca.markets/v2/iex'),
  ALPACA_DATA_URL: urlWith('https', 'http').default('https://data.alpaca.markets'),
  ALPACA_API_URL: urlWith('https', 'http').default('https://paper-api.alpaca.markets'),
  MARKET_REPLAY_FILE: z.string().min(1).optional(),
  MARKET_REPLAY_SPEED: z.coerce.number().positive().max(10_000).default(1),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, { message: 'must be a base64url P-256 public key (web-push generate-vapid-keys)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, { message: 'must be a base64url P-256 private key' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((value) => /^mailto:.+@.+/.test(value) || /^https:\/\/.+/.test(value), {
      message: 'must be a mailto: or https: contact',
    })
    .default('mailto:support@soar.local'),
  PUSH_ENDPOINT_ALLOWLIST: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .url()
          .transform((origin) => new URL(origin).origin),
      ),
    )
    .default([]),
  FEED_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  UNSUBSCRIBE_SECRET: z
    .string()
    .min(32, { message: 'must be at least 32 characters (openssl rand -base64 32)' })
    .optional(),
});

/** Account keys are checked apart: a message must never repeat what was given (it may be a private key). */
const secretVariables = ['DEPOSIT_XPUB_ERC20', 'DEPOSIT_XPUB_TRC20'] as const;

/** Private keys the environment checks: an error names the variable, never the value. */
const hiddenVariables = new Set(['VAPID_PRIVATE_KEY', 'UNSUBSCRIBE_SECRET']);

/** One network of the crypto rails (docs/operations.md, Chain). */
export type ChainNetworkConfig = {
  /** ERC-20: an EVM JSON-RPC node; TRC-20: TRON's HTTP API. */
  node?: string;
  /** The USDT token contract. */
  contract?: string;
  /** The account-level extended public key members' deposit addresses derive from. */
  xpub?: string;
};

export type ChainConfig = {
  networks: Record<CryptoNetwork, ChainNetworkConfig>;
  /** Confirmations before a deposit is credited or a withdrawal counts as paid (docs/product.md: 3). */
  confirmations: number;
  /** USDT: smaller transfers are recorded and never credited. */
  minimumDeposit: string;
  /** The hot wallet's key file, read by the signer on the engine node only. */
  hotWalletKeyFile?: string;
};

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
  /** Where members open the web app (links in mails); default `http://localhost:<port>`. */
  publicOrigin?: string;
  /** The relying party id of members' passkeys: `PUBLIC_ORIGIN`'s host or a suffix of it (docs/identity.md, Passkeys). */
  webauthnRpId?: string;
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
  /** Web Push (docs/api.md, Push): VAPID keys (generated in development), contact, allowed origins. */
  push?: { publicKey?: string; privateKey?: string; subject: string; allowlist: string[] };
  /** Signs the unsubscribe links of notification mails (generated outside production when unset). */
  unsubscribeSecret?: string;
  /** How long the engine lease lasts unrenewed: a standby takes over within it (docs/scaling.md). */
  engineLeaseSeconds: number;
  /** The simulator's seed: the same seed replays the same market. */
  simulatorSeed: number;
  /** Every market trades around the clock, weekends too (demos). */
  marketsAlwaysOpen: boolean;
  /** Tests use an in-memory PGlite; `npm start` keeps data in `dataDir`. */
  inMemoryDatabase?: boolean;
  /** USDT on chain; without a network's node and contract its deposits and withdrawals stay manual. */
  chain?: ChainConfig;
  /** Where prices come from (docs/market.md, Feeds); the simulator prices every market left. */
  feeds?: FeedConfig;
};

export type FeedConfig = {
  /** US stocks from Alpaca when both keys are set. */
  alpaca?: { keyId: string; secretKey: string; streamUrl: string; dataUrl: string; apiUrl: string };
  /** A recorded session (NDJSON of stream messages) played at `speed`. */
  replay?: { file: string; speed: number };
  /** A fed market in session is stale after this long without a message. */
  staleSeconds: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** WebAuthn binds a passkey to a host and its parents: the origin's host must be the id or end in `.<id>`. */
function relyingPartyId(origin: string, configured: string | undefined): string {
  const host = new URL(origin).hostname;
  if (configured === undefined) return host;
  if (host !== configured && !host.endsWith(`.${configured}`)) {
    throw new ConfigError(
      `Invalid configuration: WEBAUTHN_RP_ID=${JSON.stringify(configured)} must be the host of PUBLIC_ORIGIN (${host}) or a parent domain of it`,
    );
  }
  return configured;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment; a bad variable is named in the message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const xpubs = Object.fromEntries(
    secretVariables.map((name) => {
      const value = present[name];
      if (value === undefined) return [name, undefined];
      try {
        accountKey(value);
      } catch (error) {
        throw new ConfigError(`Invalid configuration: ${name} ${(error as Error).message}`);
      }
      return [name, value];
    }),
  ) as Record<(typeof secretVariables)[number], string | undefined>;
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}=${hiddenVariables.has(String(issue.path[0])) ? '(hidden)' : JSON.stringify(present[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration: ADMIN_PASSWORD is required when NODE_ENV=production (at least 8 characters)',
    );
  }
  pairedOrNone(env.ETH_RPC_URL, env.USDT_ERC20_CONTRACT, 'ETH_RPC_URL', 'USDT_ERC20_CONTRACT');
  pairedOrNone(env.TRON_API_URL, env.USDT_TRC20_CONTRACT, 'TRON_API_URL', 'USDT_TRC20_CONTRACT');
  if (xpubs.DEPOSIT_XPUB_ERC20 && !env.ETH_RPC_URL) {
    throw new ConfigError(
      'Invalid configuration: DEPOSIT_XPUB_ERC20 needs ETH_RPC_URL: an address no watcher reads loses deposits',
    );
  }
  if (xpubs.DEPOSIT_XPUB_TRC20 && !env.TRON_API_URL) {
    throw new ConfigError(
      'Invalid configuration: DEPOSIT_XPUB_TRC20 needs TRON_API_URL: an address no watcher reads loses deposits',
    );
  }
  pairedOrNone(env.ALPACA_KEY_ID, env.ALPACA_SECRET_KEY, 'ALPACA_KEY_ID', 'ALPACA_SECRET_KEY');
  if (env.ALPACA_KEY_ID && env.MARKET_REPLAY_FILE) {
    throw new ConfigError(
      'Invalid configuration: MARKET_REPLAY_FILE and ALPACA_KEY_ID both price the market: set one of them',
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither');
  }
  if (env.HOT_WALLET_KEY_FILE && env.MARKET_ENGINE === 'off') {
    throw new ConfigError(
      'Invalid configuration: HOT_WALLET_KEY_FILE belongs on the engine node only (MARKET_ENGINE=on): API nodes hold no private key',
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
    publicOrigin: env.PUBLIC_ORIGIN,
    webauthnRpId: relyingPartyId(env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`, env.WEBAUTHN_RP_ID),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist')),
    adminDist: path.resolve(env.ADMIN_DIST ?? path.join(repositoryRoot, 'apps/admin/dist')),
    requireOperatorTotp: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY,
    rateLimitMax: env.RATE_LIMIT_MAX,
    marketEngine: env.MARKET_ENGINE,
    engineLeaseSeconds: env.ENGINE_LEASE_SECONDS,
    push: {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
      allowlist: env.PUSH_ENDPOINT_ALLOWLIST,
    },
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET,
    simulatorSeed: env.SIMULATOR_SEED,
    marketsAlwaysOpen: env.MARKETS_ALWAYS_OPEN ?? env.NODE_ENV === 'development',
    chain: {
      networks: {
        ERC20: { node: env.ETH_RPC_URL, contract: env.USDT_ERC20_CONTRACT, xpub: xpubs.DEPOSIT_XPUB_ERC20 },
        TRC20: { node: env.TRON_API_URL, contract: env.USDT_TRC20_CONTRACT, xpub: xpubs.DEPOSIT_XPUB_TRC20 },
      },
      confirmations: env.CHAIN_CONFIRMATIONS,
      minimumDeposit: env.CHAIN_MIN_DEPOSIT,
      hotWalletKeyFile: env.HOT_WALLET_KEY_FILE ? path.resolve(env.HOT_WALLET_KEY_FILE) : undefined,
    },
    feeds: {
      ...(env.ALPACA_KEY_ID && env.ALPACA_SECRET_KEY
        ? {
            alpaca: {
              keyId: env.ALPACA_KEY_ID,
              secretKey: env.ALPACA_SECRET_KEY,
              streamUrl: env.ALPACA_DATA_STREAM_URL,
              dataUrl: env.ALPACA_DATA_URL,
              apiUrl: env.ALPACA_API_URL,
            },
          }
        : {}),
      ...(env.MARKET_REPLAY_FILE
        ? { replay: { file: path.resolve(env.MARKET_REPLAY_FILE), speed: env.MARKET_REPLAY_SPEED } }
        : {}),
      staleSeconds: env.FEED_STALE_SECONDS,
    },
  };
}

/** A node without its token contract (or the other way round) watches nothing: say so at start. */
function pairedOrNone(a: string | undefined, b: string | undefined, nameA: string, nameB: string) {
  if ((a === undefined) !== (b === undefined)) {
    throw new ConfigError(`Invalid configuration: ${nameA} and ${nameB} are set together or not at all`);
  }
}
