import { HDNodeWallet, Mnemonic } from 'ethers';

/** Hardhat's and ganache's well-known test phrase: its addresses are published test vectors. */
export const testMnemonic = 'test test test test test test test test test test test junk';

/** The account-level extended public key of the test phrase at `path` (m/44'/60'/0' or m/44'/195'/0'). */
export function testAccountXpub(accountPath: string): string {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(testMnemonic), accountPath).neuter().extendedKey;
}
