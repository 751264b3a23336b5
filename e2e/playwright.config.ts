import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chainEnv } from './chain.ts';
import { smtpPort } from './smtp.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = mkdtempSync(path.join(tmpdir(), 'soar-e2e-'));

export default defineConfig({
  testDir: './tests',
  // A capturing SMTP server (the server mails verification codes to it, the tests read them) and
  // the EVM node of USDT on ERC-20 (chain.ts).
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'web', testIgnore: /tests\/admin\// },
    // The back office is a desktop app (docs/admin.md).
    {
      name: 'admin',
      testDir: './tests/admin',
      // Each flow registers a member (a mailed code), signs operators in and reviews: slow on 2 cores.
      timeout: 90_000,
      expect: { timeout: 10_000 },
      use: {
        viewport: { width: 1440, height: 900 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
        screenshot: 'only-on-failure',
      },
    },
  ],
  // `npm start`: the server, the web app and the back office built when missing or stale, the
  // server run as production runs it (docs/operations.md).
  webServer: {
    command: 'node ../scripts/start.mjs',
    cwd: path.dirname(new URL(import.meta.url).pathname),
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The API helpers give each call its own address (tests/mail.ts `ownAddress`).
      TRUST_PROXY: 'true',
      // Passkeys are bound to this origin and its host (WEBAUTHN_RP_ID defaults to it): passkeys.spec
      // opens the app at localhost, where WebAuthn allows http, not at the 127.0.0.1 of baseURL.
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // USDT on ERC-20 from the EVM node global-setup.ts starts: members get their own addresses.
      ...chainEnv,
    },
  },
});
