import { HDNodeWallet, Mnemonic } from 'ethers';
import { describe, expect, it } from 'vitest';
import { evmAddress, isTronAddress, isValidAddress, tronAddress, tronBytes } from '../../lib/chain-address.ts';
import { testAccountXpub, testMnemonic } from '../../test/chain/evm.ts';
import { accountKey, depositAddressAt } from './keys.ts';

/** BIP-32 test vector 1 (seed 000102030405060708090a0b0c0d0e0f), as the BIP publishes it. */
const vector1 = {
  seed: '0x000102030405060708090a0b0c0d0e0f',
  /** m/0H/1/2H: depth 3, like an account key. */
  account:
    'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
  /** m/0H/1/2H/2 and m/0H/1/2H/2/1000000000: non-hardened children, derivable from the public key. */
  child2:
    'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
  child2x1e9:
    'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
};

describe('deposit addresses from account keys (docs/ledger.md, On chain)', () => {
  it('derives BIP-32 test vector 1 from the public key alone', () => {
    const key = accountKey(vector1.account);
    expect(key.deriveChild(2).extendedKey).toBe(vector1.child2);
    expect(key.deriveChild(2).deriveChild(1_000_000_000).extendedKey).toBe(vector1.child2x1e9);
  });

  it('gives the published addresses of the test phrase at m/44H/60H/0H/0/index', () => {
    const key = accountKey(testAccountXpub("m/44'/60'/0'"));
    expect(depositAddressAt('ERC20', key, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(depositAddressAt('ERC20', key, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(depositAddressAt('ERC20', key, 2)).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
  });

  it('encodes TRON addresses as TRON documents them, and derives them at m/44H/195H/0H/0/index', () => {
    expect(tronAddress('418840E6C55B9ADA326D211D818C34A994AECED808')).toBe('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    // Tether's TRC-20 contract and the hex address TRON's event logs give for it.
    expect(tronAddress('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(tronBytes('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe('8840e6c55b9ada326d211d818c34a994aeced808');
    const key = accountKey(testAccountXpub("m/44'/195'/0'"));
    const privateChild = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(testMnemonic), "m/44'/195'/0'/0/7");
    const address = depositAddressAt('TRC20', key, 7);
    expect(address).toBe(tronAddress(privateChild.address));
    expect(isTronAddress(address)).toBe(true);
    expect(isValidAddress('ERC20', address)).toBe(false);
  });

  it('refuses a private key, a key at another depth and anything else, without repeating it', () => {
    const root = HDNodeWallet.fromSeed(vector1.seed);
    const xprv = root.derivePath("m/0'/1/2'").extendedKey;
    expect(() => accountKey(xprv)).toThrow('is a private key');
    expect(() => accountKey(xprv)).not.toThrow(xprv);
    expect(() => accountKey(vector1.child2)).toThrow('depth 4');
    expect(() => accountKey('xpub-nonsense')).toThrow('is not an extended public key');
    expect(() => depositAddressAt('ERC20', accountKey(vector1.account), 2 ** 31)).toThrow('out of range');
  });

  it('checks EIP-55 checksums and base58check with the libraries', () => {
    expect(evmAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(isValidAddress('ERC20', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true);
    expect(isValidAddress('ERC20', '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isValidAddress('ERC20', 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false);
    expect(isValidAddress('TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toBe(false);
    expect(isValidAddress('TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL\u0000')).toBe(false);
  });
});
