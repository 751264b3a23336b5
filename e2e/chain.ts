import { getCreateAddress, Wallet } from 'ethers';
import { testAccountXpub } from '../apps/server/src/test/chain/phrase.ts';

/**
 * The browser tests' EVM node (docs/operations.md, Chain): ganache on a fixed port, started by
 * global-setup.ts, with a fixed deployer whose first contract is the test USDT. Both addresses are
 * known before anything starts, so the e2e server is configured with them (playwright.config.ts)
 * and its ERC-20 watcher finds the node once global setup has started it (it pauses until then).
 */
export const chainPort = Number(process.env.E2E_PORT ?? 3100) + 45;
export const chainUrl = `http://127.0.0.1:${chainPort}`;
/** A key of no phrase the deposit addresses derive from: the deployer is never a member's address. */
export const deployerKey = `0x${'5e'.repeat(32)}`;
export const tokenAddress = getCreateAddress({ from: new Wallet(deployerKey).address, nonce: 0 });
export const chainEnv = {
  ETH_RPC_URL: chainUrl,
  USDT_ERC20_CONTRACT: tokenAddress,
  DEPOSIT_XPUB_ERC20: testAccountXpub("m/44'/60'/0'"),
};
