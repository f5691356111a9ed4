import { SEALED_HKDF_INFO, sealedAad, type OutboxPublicKey, type SealedEnvelope } from '../../domain/identity/sealed-envelope';

/**
 * Seals a queued request for the server (domain/identity/sealed-envelope.ts): an ephemeral ECDH P-256 key,
 * HKDF-SHA-256 to one AES-256-GCM key, the JSON part and each file under it with its own IV. The
 * phone keeps no key that opens the result: only the server's outbox key does.
 */

const encoder = new TextEncoder();

export function toBase64url(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (let i = 0; i < view.length; i += 0x8000) text += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The server's key, imported once per seal (a key in kv is JSON, not a CryptoKey). */
const importServerKey = (key: OutboxPublicKey) =>
  crypto.subtle.importKey('jwk', { ...key.jwk, ext: true }, { name: 'ECDH', namedCurve: 'P-256' }, false, []);

export type SealedRequest = {
  envelope: Omit<SealedEnvelope, 'refs'>;
  /** Each file's ciphertext, in order: what the upload sends in place of the file. */
  files: Blob[];
  /** Bytes sealed (the JSON part and the files): what the sync centre shows. */
  size: number;
};

/**
 * `json`: the request's path template and body (or fields); `files`: the bytes to send. `method`
 * and `idempotencyKey` go into every part's AAD.
 */
export async function sealForServer(
  serverKey: OutboxPublicKey,
  request: { method: string; idempotencyKey: string; json: unknown; files?: Blob[] },
): Promise<SealedRequest> {
  const [server, ephemeral] = await Promise.all([
    importServerKey(serverKey),
    crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']),
  ]);
  const epk = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey));
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: server }, ephemeral.privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: epk, info: encoder.encode(`${SEALED_HKDF_INFO} ${serverKey.kid}`) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const seal = async (plain: BufferSource, part: string) => {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const additionalData = encoder.encode(sealedAad(request.method, request.idempotencyKey, part));
    return { iv: toBase64url(iv), data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, plain) };
  };
  const jsonBytes = encoder.encode(JSON.stringify(request.json));
  const sources = request.files ?? [];
  const [json, ...files] = await Promise.all([
    seal(jsonBytes, 'json'),
    ...sources.map(async (blob, i) => seal(new Uint8Array(await blob.arrayBuffer()), `file:${i}`)),
  ]);
  return {
    envelope: {
      v: 1,
      kid: serverKey.kid,
      epk: toBase64url(epk),
      iv: json!.iv,
      ct: toBase64url(json!.data),
      ...(files.length ? { files: files.map((f) => f.iv) } : {}),
    },
    files: files.map((f) => new Blob([f.data], { type: 'application/octet-stream' })),
    size: jsonBytes.length + sources.reduce((sum, b) => sum + b.size, 0),
  };
}
