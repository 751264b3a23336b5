import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { Contract, JsonRpcProvider, parseUnits, Wallet } from 'ethers';
import { chainUrl, deployerKey, tokenAddress } from '../chain.ts';
import { balance, openSignedIn, registerMember } from './members.ts';

// USDT on ERC-20 end to end (docs/ledger.md, On chain): the e2e server watches the EVM node that
// global setup started; a transfer on chain reaches the member's page with no operator.

let api: APIRequestContext;
let provider: JsonRpcProvider;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  provider = new JsonRpcProvider(chainUrl, 1337, { staticNetwork: true, cacheTimeout: -1 });
});
test.afterAll(async () => {
  provider.destroy();
  await api.dispose();
});

test('a member sends USDT to their own address and sees it confirm and arrive, live', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await registerMember(api);
  await openSignedIn(page, member.token, '/pages/deposit/wallet?network=ERC20');
  const own = page.getByTestId('own-address');
  await expect(own).toBeVisible();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await expect(page.getByTestId('network-warning')).toContainText('Only send USDT on the ERC-20 network');
  await expect(page.getByTestId('token-contract')).toContainText(tokenAddress);
  await expect(page.getByTestId('incoming')).toContainText('No transfer yet');
  const address = (await page.getByTestId('deposit-address').innerText()).trim();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // The same address on every visit: it is the member's, made once.
  await page.reload();
  await expect(page.getByTestId('deposit-address')).toHaveText(address);

  const token = new Contract(
    tokenAddress,
    ['function transfer(address to, uint256 amount) returns (bool)'],
    new Wallet(deployerKey, provider),
  );
  await (await token.getFunction('transfer')(address, parseUnits('25.5', 6))).wait();
  // The watcher passes every 5 s: the transfer shows in its block, then counts up as blocks follow.
  const incoming = page.getByTestId('incoming-deposit');
  await expect(incoming).toContainText('25.50 USDT', { timeout: 20_000 });
  await expect(incoming.getByTestId('chain-confirmations')).toContainText(/^[12] of 3 confirmations$/, {
    timeout: 20_000,
  });
  expect(await balance(api, member.token, 'USDT')).toEqual({ available: '0', frozen: '0' });
  for (let block = 0; block < 3; block += 1) await provider.send('evm_mine', []);
  await expect(incoming.getByTestId('chain-state')).toHaveText('Credited', { timeout: 20_000 });
  expect(await balance(api, member.token, 'USDT')).toEqual({ available: '25.5', frozen: '0' });
});
