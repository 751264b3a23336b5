import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

/** The flags byte of authenticator data: user present, user verified, attested credential data. */
const flag = { up: 0x01, uv: 0x04, at: 0x40 } as const;

type Overrides = { origin?: string; rpId?: string; type?: string; uv?: boolean; counter?: number };

/**
 * A passkey in software (tests only): an ES256 key pair that answers WebAuthn options as a
 * platform authenticator does, with 'none' attestation: clientDataJSON, authenticatorData
 * (rpIdHash, flags, big-endian counter, attested credential data with a COSE key) and the CBOR
 * attestation object, signed with node:crypto.
 */
export class SoftAuthenticator {
  readonly credentialId = b64(new Uint8Array(randomBytes(16)));
  readonly #privateKey: KeyObject;
  readonly #cosePublicKey: Uint8Array;
  counter = 0;
  userHandle?: string;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) => isoBase64URL.toBuffer(value ?? '');
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, coordinate(jwk.x)],
      [-3, coordinate(jwk.y)],
    ]);
    this.#cosePublicKey = isoCBOR.encode(key);
  }

  #clientData(type: string, challenge: string, overrides: Overrides): Uint8Array {
    const json = JSON.stringify({ type: overrides.type ?? type, challenge, origin: overrides.origin ?? this.origin });
    return new TextEncoder().encode(json);
  }

  #authData(overrides: Overrides, attested: boolean): Uint8Array {
    const flags = flag.up | (overrides.uv === false ? 0 : flag.uv) | (attested ? flag.at : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(overrides.counter ?? this.counter);
    const parts: Uint8Array[] = [sha256(overrides.rpId ?? this.rpId), Uint8Array.of(flags), counter];
    if (attested) {
      const id = isoBase64URL.toBuffer(this.credentialId);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      parts.push(new Uint8Array(16), length, id, this.#cosePublicKey);
    }
    return new Uint8Array(Buffer.concat(parts));
  }

  /** The answer to `navigator.credentials.create(options)`. */
  attest(options: { challenge: string; user: { id: string } }, overrides: Overrides = {}) {
    this.userHandle = options.user.id;
    const authData = this.#authData(overrides, true);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.#clientData('webauthn.create', options.challenge, overrides)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to `navigator.credentials.get(options)`; each one counts the use up. */
  assert(options: { challenge: string }, overrides: Overrides = {}) {
    if (overrides.counter === undefined) this.counter += 1;
    const authData = this.#authData(overrides, false);
    const clientData = this.#clientData('webauthn.get', options.challenge, overrides);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.#privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signature)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
