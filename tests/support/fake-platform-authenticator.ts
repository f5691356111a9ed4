/**
 * A fake platform authenticator behind `navigator.credentials`, the app's only boundary with
 * WebAuthn. It really computes the PRF output as a CTAP2 authenticator's hmac-secret does:
 * HMAC-SHA-256 under a per-credential random secret, of SHA-256("WebAuthn PRF" || 0x00 || input).
 * So an unwrap really depends on the credential and its input; `rotateSecrets` makes every
 * credential answer with another secret (a wrong PRF output).
 */
type Options = {
  /** `isUserVerifyingPlatformAuthenticatorAvailable()`. */
  available?: boolean;
  /** `prf.enabled` at create(), and results at get(). */
  prf?: boolean;
  /** Whether the fingerprint or face is accepted; false: NotAllowedError, as a cancel. */
  userVerified?: boolean;
  /** Whether create() already returns the PRF output (some authenticators do). */
  prfAtCreate?: boolean;
};

type StoredCredential = { secret: CryptoKey; rpId: string };

const encoder = new TextEncoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const bytesOf = (source: BufferSource) =>
  ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source);

function notAllowed(): DOMException {
  return new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
}

export type FakeAuthenticator = ReturnType<typeof installFakePlatformAuthenticator>;

export function installFakePlatformAuthenticator(initial: Options = {}) {
  const options: Required<Options> = { available: true, prf: true, userVerified: true, prfAtCreate: false, ...initial };
  const credentials = new Map<string, StoredCredential>();
  const createCalls: CredentialCreationOptions[] = [];
  const getCalls: CredentialRequestOptions[] = [];
  /** Every PRF output handed out, to check none is stored. */
  const outputs: Uint8Array[] = [];

  async function newSecret(): Promise<CryptoKey> {
    return crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  }

  async function evaluate(secret: CryptoKey, input: BufferSource): Promise<ArrayBuffer> {
    const salt = await crypto.subtle.digest('SHA-256', new Uint8Array([...encoder.encode('WebAuthn PRF'), 0, ...bytesOf(input)]));
    const output = await crypto.subtle.sign('HMAC', secret, salt);
    outputs.push(new Uint8Array(output));
    return output;
  }

  const create = async (request?: CredentialCreationOptions): Promise<Credential | null> => {
    createCalls.push(request!);
    const publicKey = request!.publicKey!;
    if (publicKey.authenticatorSelection?.authenticatorAttachment !== 'platform') throw notAllowed();
    if (!options.userVerified) throw notAllowed();
    const rawId = crypto.getRandomValues(new Uint8Array(16));
    const secret = await newSecret();
    credentials.set(hex(rawId), { secret, rpId: publicKey.rp.id! });
    const input = (publicKey.extensions as { prf?: { eval?: { first: BufferSource } } }).prf?.eval?.first;
    const prf = options.prf
      ? { enabled: true, ...(options.prfAtCreate && input ? { results: { first: await evaluate(secret, input) } } : {}) }
      : undefined;
    return {
      id: hex(rawId),
      rawId: rawId.buffer,
      type: 'public-key',
      getClientExtensionResults: () => (prf ? { prf } : {}),
    } as unknown as Credential;
  };

  const get = async (request?: CredentialRequestOptions): Promise<Credential | null> => {
    getCalls.push(request!);
    const publicKey = request!.publicKey!;
    if (publicKey.userVerification === 'required' && !options.userVerified) throw notAllowed();
    const allowed = (publicKey.allowCredentials ?? []).map((c) => hex(bytesOf(c.id)));
    const id = allowed.find((c) => credentials.get(c)?.rpId === publicKey.rpId);
    if (!id) throw notAllowed(); // no such credential on this phone for this site
    const input = (publicKey.extensions as { prf?: { eval?: { first: BufferSource } } }).prf?.eval?.first;
    const results = options.prf && input ? { prf: { results: { first: await evaluate(credentials.get(id)!.secret, input) } } } : {};
    return {
      id,
      rawId: Uint8Array.from(Buffer.from(id, 'hex')).buffer,
      type: 'public-key',
      getClientExtensionResults: () => results,
    } as unknown as Credential;
  };

  // Node (the data layer's tests) may have no `navigator` at all.
  const ownNavigator = !globalThis.navigator;
  if (ownNavigator) Object.defineProperty(globalThis, 'navigator', { configurable: true, value: {} });
  const previous = {
    credentials: Object.getOwnPropertyDescriptor(globalThis.navigator, 'credentials'),
    PublicKeyCredential: (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential,
    location: Object.getOwnPropertyDescriptor(globalThis, 'location'),
  };
  Object.defineProperty(globalThis.navigator, 'credentials', { configurable: true, value: { create, get } });
  (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential = {
    isUserVerifyingPlatformAuthenticatorAvailable: async () => options.available,
  };
  // Node has no `location`; jsdom's says localhost.
  if (!previous.location) Object.defineProperty(globalThis, 'location', { configurable: true, value: { hostname: 'localhost' } });

  return {
    options,
    credentials,
    createCalls,
    getCalls,
    outputs,
    /** Every credential's secret replaced: each answers with another PRF output from now on. */
    async rotateSecrets(): Promise<void> {
      for (const stored of credentials.values()) stored.secret = await newSecret();
    },
    uninstall(): void {
      if (ownNavigator) delete (globalThis as { navigator?: unknown }).navigator;
      else if (previous.credentials) Object.defineProperty(globalThis.navigator, 'credentials', previous.credentials);
      else delete (globalThis.navigator as { credentials?: unknown }).credentials;
      (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential = previous.PublicKeyCredential;
      if (!previous.location) delete (globalThis as { location?: unknown }).location;
    },
  };
}
