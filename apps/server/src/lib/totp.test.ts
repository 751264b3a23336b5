import { base32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, otpauthUri, timeStep, totpAt } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII of "12345678901234567890".
const rfcSecret = base32.encode(new TextEncoder().encode('12345678901234567890')).replace(/=+$/, '');

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it('is the RFC secret in base32', () => {
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('at %i s the code is the last six digits of the RFC value %s', (seconds, eight) => {
    expect(totpAt(rfcSecret, seconds * 1000)).toBe(eight.slice(2));
  });

  it('makes 160-bit base32 secrets, a new one each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32.decode(secret).length).toBe(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the step before and after (clock drift), nothing further', () => {
    const now = 1_800_000_000_000;
    for (const offset of [-30_000, 0, 30_000]) {
      expect(matchTotp(rfcSecret, totpAt(rfcSecret, now + offset), now, null)).toBe(timeStep(now + offset));
    }
    expect(matchTotp(rfcSecret, totpAt(rfcSecret, now - 60_000), now, null)).toBeUndefined();
    expect(matchTotp(rfcSecret, totpAt(rfcSecret, now + 60_000), now, null)).toBeUndefined();
  });

  it('never accepts a step at or before the last one used (no replay)', () => {
    const now = 1_800_000_000_000;
    const code = totpAt(rfcSecret, now);
    expect(matchTotp(rfcSecret, code, now, timeStep(now))).toBeUndefined();
    expect(matchTotp(rfcSecret, code, now, timeStep(now) - 1)).toBe(timeStep(now));
    expect(matchTotp(rfcSecret, totpAt(rfcSecret, now + 30_000), now, timeStep(now) + 1)).toBeUndefined();
    expect(matchTotp(rfcSecret, code, now, timeStep(now) + 5)).toBeUndefined();
  });

  it('answers no match, never an exception, for codes that are not six digits or secrets that are not base32', () => {
    const now = 1_800_000_000_000;
    const code = totpAt(rfcSecret, now);
    for (const wrong of [
      '',
      '12345',
      '1234567',
      'abcdef',
      `${code.slice(0, 5)}\u0000`,
      '１２３４５６',
      'x'.repeat(10_000),
    ]) {
      expect(matchTotp(rfcSecret, wrong, now, null)).toBeUndefined();
    }
    expect(matchTotp('not base32!', code, now, null)).toBeUndefined();
    expect(matchTotp('', code, now, null)).toBeUndefined();
  });

  it('writes the otpauth URI an authenticator reads', () => {
    const uri = new URL(otpauthUri('Soar', 'alice@soar.local', rfcSecret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Soar:alice@soar.local');
    expect(uri.searchParams.get('secret')).toBe(rfcSecret);
    expect(uri.searchParams.get('issuer')).toBe('Soar');
    // SHA-1, 6 digits and 30 s are the defaults an app assumes when the URI leaves them out.
    expect(uri.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1');
    expect(uri.searchParams.get('digits') ?? '6').toBe('6');
    expect(uri.searchParams.get('period') ?? '30').toBe('30');
  });
});
