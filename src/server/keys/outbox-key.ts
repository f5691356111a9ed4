import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';
import { SEALED_HKDF_INFO, type OutboxPublicKey, type SealedEnvelope } from '../../domain/identity/sealed-envelope';
import { currentKey, keyOf, type KeyRing } from '../providers/kms/kms-provider';
import { carrying, english, said, type Said } from '../messages/message-language';

/**
 * The outbox key pair (issue 24 part 3). Each key of the `outbox` ring of the key file is a P-256
 * private scalar (32 bytes, like every key there): it never leaves the key source, and its public
 * half, with its key id, is served to the app in the tenant config. The app seals each queued
 * request for the current key; what was sealed for an older key still opens while that key stays
 * in the ring.
 */

const CURVE = 'prime256v1';
const TAG_BYTES = 16;

/** The app's copy of the current key: its id and public point as a JWK. */
export function outboxPublicKey(ring: KeyRing): OutboxPublicKey {
  const { id, key } = currentKey(ring);
  const ecdh = createECDH(CURVE);
  ecdh.setPrivateKey(key);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  return {
    kid: id,
    jwk: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
  };
}

/** Why an envelope did not open: answered 400 with this message, never 500. */
export class SealedRequestError extends Error {
  readonly statusCode = 400;
  constructor(message: Said | string) {
    super(typeof message === 'string' ? message : english(message));
    if (typeof message !== 'string') carrying(this, message);
  }
}

export const SEALED_MSG = {
  unknownKey: said('sealed.unknownKey'),
  notOpened: said('sealed.notOpened'),
  malformed: said('sealed.malformed'),
  wrongPath: said('sealed.wrongPath'),
  missingRef: said('sealed.missingRef'),
} as const;

/** The request's AES key: ECDH of the ephemeral key and the ring's key `kid`, through HKDF-SHA-256. */
export function requestKey(ring: KeyRing, envelope: Pick<SealedEnvelope, 'kid' | 'epk'>): Buffer {
  const key = keyOf(ring, envelope.kid);
  if (!key) throw new SealedRequestError(SEALED_MSG.unknownKey);
  const epk = Buffer.from(envelope.epk, 'base64url');
  let shared: Buffer;
  try {
    const ecdh = createECDH(CURVE);
    ecdh.setPrivateKey(key);
    shared = ecdh.computeSecret(epk);
  } catch {
    throw new SealedRequestError(SEALED_MSG.malformed);
  }
  return Buffer.from(hkdfSync('sha256', shared, epk, `${SEALED_HKDF_INFO} ${envelope.kid}`, 32));
}

/** Opens one part (ciphertext with its 16-byte tag at the end, as WebCrypto writes it). */
export function openPart(key: Buffer, iv: string, sealed: Buffer, aad: string): Buffer {
  const ivBytes = Buffer.from(iv, 'base64url');
  if (ivBytes.length !== 12 || sealed.length < TAG_BYTES) throw new SealedRequestError(SEALED_MSG.malformed);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedRequestError(SEALED_MSG.notOpened);
  }
}
