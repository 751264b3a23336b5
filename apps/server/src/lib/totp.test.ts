import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, timeStep, totpAt } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII of "12345678901234567890".
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it('base32 round-trips and matches RFC 4648', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('gives the RFC 4226 HOTP values', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((counter) => hotp(secret, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('at %i s the 8-digit code is %s and the 6-digit code its last six', (seconds, eight) => {
    expect(hotp(Buffer.from('12345678901234567890'), timeStep(seconds * 1000), 8)).toBe(eight);
    expect(totpAt(rfcSecret, seconds * 1000)).toBe(eight.slice(2));
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
  });

  it('writes the otpauth URI an authenticator reads', () => {
    expect(otpauthUri('Soar', 'alice', 'ABC')).toBe(
      'otpauth://totp/Soar%3Aalice?secret=ABC&issuer=Soar&algorithm=SHA1&digits=6&period=30',
    );
  });
});
