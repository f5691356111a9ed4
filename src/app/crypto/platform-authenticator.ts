/**
 * The phone's fingerprint or face, through WebAuthn: a platform authenticator with user
 * verification required, and its PRF extension, which yields the same secret for the same
 * credential and input on each verified assertion. The unlock is local: the challenge is random
 * and no server checks the assertion; what matters is the secret, which opens the data key's
 * second wrapping (data-key.ts). The only boundary with the browser is `navigator.credentials`.
 */

/** The authenticator gives no PRF secret: fingerprint or face could only gate a key kept in clear. */
export class BiometricUnsupportedError extends Error {
  constructor() {
    super('This authenticator gives no PRF secret');
    this.name = 'BiometricUnsupportedError';
  }
}

/** Cancelled, not verified, timed out, or the credential is gone from the phone. */
export class BiometricFailedError extends Error {
  constructor(cause?: unknown) {
    super('Fingerprint or face did not answer', { cause });
    this.name = 'BiometricFailedError';
  }
}

/** The credential and the PRF input the data key's second wrapping depends on (kept in kv). */
export type PrfCredential = { credentialId: Uint8Array; prfSalt: Uint8Array };

type PrfResults = { enabled?: boolean; results?: { first?: BufferSource } };
type ClientCapabilities = Record<string, boolean | undefined>;
type PublicKeyCredentialStatics = {
  isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean>;
  getClientCapabilities?: () => Promise<ClientCapabilities>;
};

const RP_NAME = 'Sahyog';

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A copy of the secret's bytes, as WebCrypto takes them. */
function copyBytes(source: BufferSource): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source),
  );
}

const prfOf = (credential: PublicKeyCredential): PrfResults | undefined =>
  (credential.getClientExtensionResults() as { prf?: PrfResults }).prf;

/**
 * Whether to offer fingerprint or face unlock: a user-verifying platform authenticator, and a
 * browser that does not say it lacks PRF (where it can say: `getClientCapabilities`). Whether the
 * authenticator itself gives a PRF secret shows only at `create()`.
 */
export async function platformAuthenticatorAvailable(): Promise<boolean> {
  const statics = (globalThis as { PublicKeyCredential?: PublicKeyCredentialStatics }).PublicKeyCredential;
  if (!statics?.isUserVerifyingPlatformAuthenticatorAvailable || !globalThis.navigator?.credentials) return false;
  try {
    if (!(await statics.isUserVerifyingPlatformAuthenticatorAvailable())) return false;
    const capabilities = await statics.getClientCapabilities?.();
    return capabilities?.['extension:prf'] !== false;
  } catch {
    return false;
  }
}

/**
 * A new credential on the phone's platform authenticator, and the PRF secret for a new random
 * input. BiometricUnsupportedError when the authenticator has no PRF (`prf.enabled` not true).
 */
export async function createPrfCredential(): Promise<{ credential: PrfCredential; secret: Uint8Array<ArrayBuffer> }> {
  const prfSalt = randomBytes(32);
  let created: Credential | null;
  try {
    created = await navigator.credentials.create({
      publicKey: {
        rp: { id: location.hostname, name: RP_NAME },
        // A random handle: the credential names no officer (the phone's list shows "Sahyog").
        user: { id: randomBytes(16), name: RP_NAME, displayName: RP_NAME },
        challenge: randomBytes(32),
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required', residentKey: 'discouraged' },
        attestation: 'none',
        timeout: 60_000,
        extensions: { prf: { eval: { first: prfSalt } } } as AuthenticationExtensionsClientInputs,
      },
    });
  } catch (error) {
    throw new BiometricFailedError(error);
  }
  if (!created) throw new BiometricFailedError();
  const publicKey = created as PublicKeyCredential;
  const prf = prfOf(publicKey);
  if (prf?.enabled !== true) throw new BiometricUnsupportedError();
  const credential = { credentialId: new Uint8Array(publicKey.rawId), prfSalt };
  // Some authenticators evaluate the PRF at creation; the others at the first assertion.
  const first = prf.results?.first;
  return { credential, secret: first ? copyBytes(first) : await prfSecret(credential) };
}

/** The PRF secret of `credential`: the phone asks for the fingerprint or face. */
export async function prfSecret({ credentialId, prfSalt }: PrfCredential): Promise<Uint8Array<ArrayBuffer>> {
  let asserted: Credential | null;
  try {
    asserted = await navigator.credentials.get({
      publicKey: {
        rpId: location.hostname,
        challenge: randomBytes(32),
        allowCredentials: [{ type: 'public-key', id: new Uint8Array(credentialId), transports: ['internal'] }],
        userVerification: 'required',
        timeout: 60_000,
        extensions: { prf: { eval: { first: new Uint8Array(prfSalt) } } } as AuthenticationExtensionsClientInputs,
      },
    });
  } catch (error) {
    throw new BiometricFailedError(error);
  }
  if (!asserted) throw new BiometricFailedError();
  const first = prfOf(asserted as PublicKeyCredential)?.results?.first;
  if (!first) throw new BiometricUnsupportedError();
  return copyBytes(first);
}
