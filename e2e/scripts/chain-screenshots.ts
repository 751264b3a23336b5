/**
 * Screenshots of USDT on chain for a person to look at (not run in CI): the deposit page with the
 * member's own address, QR code and a transfer confirming, and the withdrawal record with its
 * hash, at 390x844 in English and Japanese, light and dark; the back office's chain page at
 * 1440x900. It starts its own EVM node (ganache) with a test USDT and the server against it.
 *
 *   npm run build && node --import tsx e2e/scripts/chain-screenshots.ts 3600 /tmp/chain-shots
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { Wallet } from 'ethers';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startEvmNode, testAccountXpub, usdt } from '../../apps/server/src/test/chain/evm.ts';

const [portText = '3600', outDir = 'screenshots'] = process.argv.slice(2);
const baseURL = `http://127.0.0.1:${portText}`;
mkdirSync(outDir, { recursive: true });

const chain = await startEvmNode();
await (await chain.token.getFunction('transfer')(chain.hot, usdt('5000'))).wait();
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'development',
    PORT: portText,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'soar-chain-shots-')),
    ETH_RPC_URL: chain.url,
    USDT_ERC20_CONTRACT: chain.tokenAddress,
    DEPOSIT_XPUB_ERC20: testAccountXpub("m/44'/60'/0'"),
    HOT_WALLET_KEY_FILE: chain.hotWalletKeyFile,
  }),
  { market: { history: { dailyDays: 3, minuteDays: 1 } }, jobs: { autoStart: false } },
);
await app.listen({ port: Number(portText), host: '127.0.0.1' });
let now = Date.now();
const watch = async () => {
  now += 1000;
  await app.chain.watchers.ERC20?.pass(new Date(now));
};
const sign = async () => {
  now += 1000;
  await app.chain.signer?.pass(new Date(now));
  await chain.settled();
};

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(`${baseURL}/api/v1/${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number | string; data: Record<string, unknown> };
  if (answer.code !== 0) throw new Error(`${url}: ${JSON.stringify(answer)}`);
  return answer.data;
}
async function get(url: string, token: string) {
  const response = await fetch(`${baseURL}/api/v1/${url}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

const member = (await post('member/login', { mail: 'demo@soar.local', password: 'demo1234' })).token as string;
const operator = (await post('admin/login', { username: 'admin', password: 'admin1234' })).token as string;
const own = (await get('deposit/address?network=ERC20', member)).address as string;

// Two deposits credited.
await watch();
await (await chain.token.getFunction('transfer')(own, usdt('120'))).wait();
await chain.mine(3);
await watch();
await (await chain.token.getFunction('transfer')(own, usdt('250.5'))).wait();
await watch();

// A withdrawal to a bound ERC-20 wallet, passed, sent and confirmed; one more passed and sending.
const wallet = await post(
  'wallet/address/add',
  { name: 'Ledger', currency: 'USDT', network: 'ERC20', address: Wallet.createRandom().address, payPassword: '2468' },
  member,
);
for (const amount of ['80', '35']) {
  const withdrawal = await post(
    'withdraw/apply',
    { amount, currency: 'USDT', walletId: wallet.id, payPassword: '2468' },
    member,
  );
  await post('admin/withdraw/review', { id: withdrawal.id, status: 1 }, operator);
  await sign();
  if (amount === '80') {
    await chain.mine(2);
    await sign();
  }
}

// For the operators: a transfer to the seeded ERC-20 deposit channel (no member's address) held
// for a decision, and a withdrawal whose transfer reverts (the token blocks its address).
await (await chain.token.getFunction('transfer')('0xa15fD8D538843cA2D24CDba4954cd4aa14195C04', usdt('75'))).wait();
const blocked = Wallet.createRandom().address;
await (await chain.token.getFunction('setBlocked')(blocked, true)).wait();
const blockedWallet = await post(
  'wallet/address/add',
  { name: 'Exchange', currency: 'USDT', network: 'ERC20', address: blocked, payPassword: '2468' },
  member,
);
const failing = await post(
  'withdraw/apply',
  { amount: '60', currency: 'USDT', walletId: blockedWallet.id, payPassword: '2468' },
  member,
);
await post('admin/withdraw/review', { id: failing.id, status: 1 }, operator);
await sign();
await chain.mine(3);
await sign();
await watch();
// And the member's newest deposit still confirming (1 of 3) when the pages are shot.
await (await chain.token.getFunction('transfer')(own, usdt('42'))).wait();
await watch();

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const language of ['en', 'ja']) {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      colorScheme: theme,
    });
    await context.addInitScript(
      ([token, lang, chosen]) => {
        localStorage.setItem(
          'soar-session',
          JSON.stringify({ state: { token, userInfo: {}, isLogined: true }, version: 0 }),
        );
        localStorage.setItem('soar-language', JSON.stringify({ state: { language: lang }, version: 0 }));
        localStorage.setItem('soar-theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
      },
      [member, language, theme] as const,
    );
    const page = await context.newPage();
    for (const [name, route, scrollTo] of [
      ['deposit', '/pages/deposit/wallet?network=ERC20', undefined],
      ['deposit-incoming', '/pages/deposit/wallet?network=ERC20', '[data-testid="incoming"]'],
      ['deposit-manual', '/pages/deposit/wallet?network=TRC20', undefined],
      ['withdrawals', '/pages/history/record?tab=withdraw', undefined],
    ] as const) {
      await page.goto(`/#${route}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      if (scrollTo) await page.locator(scrollTo).scrollIntoViewIfNeeded();
      await page.waitForTimeout(1200);
      await page.screenshot({ path: path.join(outDir, `${name}-${language}-${theme}.png`) });
    }
    await context.close();
  }
}
const me = await get('admin/me', operator);
const admin = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
await admin.addInitScript(
  ([token, operatorInfo]) => {
    localStorage.setItem(
      'soar-admin-session',
      JSON.stringify({ state: { token, operator: operatorInfo }, version: 0 }),
    );
  },
  [operator, me] as const,
);
const page = await admin.newPage();
for (const [name, tab] of [
  ['chain-page', undefined],
  ['chain-failed', 'Failed withdrawals'],
  ['chain-payouts', 'Withdrawals on chain'],
  ['chain-transfers', 'All transfers'],
] as const) {
  await page.goto('/admin/chain');
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if (tab) await page.getByRole('tab', { name: tab }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
}
await browser.close();
await app.close();
await chain.close();
