import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Contract, ContractFactory, JsonRpcProvider, parseUnits, Wallet } from 'ethers';
import ganache from 'ganache';
import solc from 'solc';

// The phrase alone, without the node: the browser tests' configuration derives its key too.
export { testAccountXpub, testMnemonic } from './phrase.ts';

const require = createRequire(import.meta.url);
const sourceFile = path.join(import.meta.dirname, 'TestUsdt.sol');
let compiled: { abi: unknown[]; bytecode: string } | undefined;

/** TestUsdt.sol compiled with the solc package (once per test file): OpenZeppelin's ERC20 at 6 decimals. */
export function testToken(): { abi: unknown[]; bytecode: string } {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestUsdt.sol': { content: readFileSync(sourceFile, 'utf8') } },
    settings: {
      // ganache 7 runs Shanghai: no Cancun opcodes.
      evmVersion: 'shanghai',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { TestUsdt: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (file: string) => ({ contents: readFileSync(require.resolve(file), 'utf8') });
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const token = output.contracts['TestUsdt.sol']?.TestUsdt;
  if (!token) throw new Error('TestUsdt did not compile');
  compiled = { abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` };
  return compiled;
}

export type EvmNetwork = Awaited<ReturnType<typeof startEvmNode>>;

/**
 * A real EVM node in the test process (ganache's JSON-RPC server on a free port) with a funded
 * deployer and a funded hot wallet whose key sits in a file readable by its owner only. A given
 * port and deployer key make the node's address and the token's (the deployer's first contract)
 * known before it starts, for a server configured ahead of it (the browser tests).
 */
export async function startEvmNode(options: { port?: number; deployerKey?: string } = {}) {
  const deployer = options.deployerKey ? new Wallet(options.deployerKey) : Wallet.createRandom();
  const hot = Wallet.createRandom();
  const ether = `0x${(10n ** 21n).toString(16)}`;
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 1337 },
    // Ganache's default ("eager") mines a second transaction with a nonce already used; "strict"
    // keeps the chain's rule that one nonce is mined once, which the signer relies on.
    miner: { instamine: 'strict' },
    wallet: {
      accounts: [
        { secretKey: deployer.privateKey, balance: ether },
        { secretKey: hot.privateKey, balance: ether },
      ],
    },
  });
  await new Promise<void>((resolve, reject) =>
    server.listen(options.port ?? 0, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
  );
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const provider = new JsonRpcProvider(url, 1337, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
  const signer = deployer.connect(provider);
  const { abi, bytecode } = testToken();
  const deploy = async () => {
    const factory = new ContractFactory(abi as never, bytecode, signer);
    const contract = await factory.deploy(10n ** 15n);
    await contract.waitForDeployment();
    return new Contract(await contract.getAddress(), abi as never, signer);
  };
  const token = await deploy();
  const keyDir = mkdtempSync(path.join(tmpdir(), 'soar-hot-'));
  const hotWalletKeyFile = path.join(keyDir, 'hot.key');
  writeFileSync(hotWalletKeyFile, `${hot.privateKey}\n`);
  chmodSync(hotWalletKeyFile, 0o600);
  return {
    url,
    provider,
    token,
    tokenAddress: await token.getAddress(),
    /** Another token of the same code at another address: never credited. */
    deployOtherToken: deploy,
    hot: hot.address,
    hotWalletKeyFile,
    rpc: <T>(method: string, params: unknown[] = []) => provider.send(method, params) as Promise<T>,
    /** Mines `count` empty blocks. */
    async mine(count = 1) {
      for (let i = 0; i < count; i += 1) await provider.send('evm_mine', []);
    },
    /** Waits until the node has mined every transaction it holds ("strict" mining runs after the answer). */
    async settled() {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const [pool, pending, latest] = await Promise.all([
          provider.send('txpool_content', []),
          provider.send('eth_getTransactionCount', [hot.address, 'pending']),
          provider.send('eth_getTransactionCount', [hot.address, 'latest']),
        ]);
        if (Object.keys(pool.pending ?? {}).length === 0 && pending === latest) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the node kept transactions unmined');
    },
    /** Waits until the transaction has a receipt (fails naming it after 20 s). */
    async mined(hash: string) {
      for (let attempt = 0; attempt < 400; attempt += 1) {
        if (await provider.send('eth_getTransactionReceipt', [hash])) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`transaction ${hash} was never mined`);
    },
    async head() {
      return Number(BigInt(await provider.send('eth_blockNumber', [])));
    },
    async close() {
      provider.destroy();
      await server.close();
    },
  };
}

/** Whole USDT to the token's 6-decimal units. */
export const usdt = (amount: string) => parseUnits(amount, 6);
