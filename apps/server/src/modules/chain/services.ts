import { type CryptoNetwork, cryptoNetworks } from '@soar/contract';
import type { ChainConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { Money } from '../../lib/decimal.ts';
import type { Ledger } from '../ledger/index.ts';
import { DepositAddressService } from './addresses.ts';
import { ChainAdmin } from './admin.ts';
import { saveHotWallet } from './chain-networks.ts';
import { EvmNode } from './evm-node.ts';
import { EvmHotWallet, readHotWalletKey } from './hot-wallet.ts';
import { type AccountKey, accountKey } from './keys.ts';
import type { ChainNode } from './node.ts';
import type { ChainSettings } from './settings.ts';
import { PayoutSigner, type SignerOptions } from './signer.ts';
import { TronNode } from './tron-node.ts';
import { ChainWatcher } from './watcher.ts';

export type ChainServices = ReturnType<typeof chainServices>;

/** Without configuration nothing is watched or signed: deposits and withdrawals stay manual. */
const noChain: ChainConfig = {
  networks: { ERC20: {}, TRC20: {} },
  confirmations: 3,
  minimumDeposit: '1',
};

/**
 * The chain's parts for `buildApp`: addresses on every node; per watched network a watcher and,
 * where the hot wallet's key is given (the engine node only), the signer. Workers are handed to
 * the job runner, which starts them on the engine node.
 */
export function chainServices(
  deps: { db: Database; ledger: Ledger },
  config: ChainConfig = noChain,
  signerOptions: Partial<SignerOptions> = {},
) {
  const settings: ChainSettings = {
    networks: config.networks,
    confirmations: config.confirmations,
    minimumDeposit: new Money(config.minimumDeposit),
  };
  const watched = cryptoNetworks.filter(
    (network) => config.networks[network].node && config.networks[network].contract,
  );
  const keys: Partial<Record<CryptoNetwork, AccountKey>> = {};
  for (const network of watched) {
    const xpub = config.networks[network].xpub;
    if (xpub) keys[network] = accountKey(xpub);
  }
  const watchers: Partial<Record<CryptoNetwork, ChainWatcher>> = {};
  const evm = watched.includes('ERC20') ? new EvmNode(config.networks.ERC20.node ?? '') : undefined;
  for (const network of watched) {
    const { node: url = '', contract = '' } = config.networks[network];
    const node: ChainNode = network === 'ERC20' && evm ? evm : new TronNode(url);
    watchers[network] = new ChainWatcher(deps.db, deps.ledger, node, {
      network,
      contract,
      confirmationsNeeded: config.confirmations,
      minimumDeposit: settings.minimumDeposit,
    });
  }
  const contract = config.networks.ERC20.contract;
  const signer =
    config.hotWalletKeyFile && evm && contract
      ? new PayoutSigner(
          deps.db,
          deps.ledger,
          evm,
          new EvmHotWallet(readHotWalletKey(config.hotWalletKeyFile), evm, contract),
          { confirmations: config.confirmations, ...signerOptions },
        )
      : undefined;
  return {
    addresses: new DepositAddressService(deps.db, settings, keys),
    admin: new ChainAdmin(deps.db, deps.ledger, settings, Object.keys(keys) as CryptoNetwork[]),
    watchers,
    signer,
    /** Every worker to run on the engine node. */
    workers: [...Object.values(watchers), ...(signer ? [signer] : [])],
    /**
     * On the engine node: names the signer's hot wallet on the network's row, or clears it when
     * the engine runs without a key, so passed withdrawals go on chain only while a signer runs.
     */
    async registerSigner() {
      if (signer) await signer.register();
      else if (evm) await saveHotWallet(deps.db, 'ERC20', { hotWallet: null });
    },
  };
}
