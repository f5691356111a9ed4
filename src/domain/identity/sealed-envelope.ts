import { isObject } from '../shared/is-object';
/**
 * The sealed outbox (issue 24 part 3): a queued request's body and files are encrypted on the
 * phone, when captured, for the tenant's server, so the phone cannot read back what it sends and
 * it can be sent while the app is locked. Hybrid encryption with WebCrypto on the phone and
 * node:crypto on the server: an ephemeral ECDH P-256 key agrees a secret with the server's outbox
 * key, HKDF-SHA-256 turns it into one AES-256-GCM key per request, and each part (the JSON, each
 * file) is sealed under it with its own IV. The AAD binds every part to the request's method, its
 * Idempotency-Key and the part's place, so no part can be moved to another request.
 */

/** The Content-Type of a sealed JSON request; its body is a SealedEnvelope. */
export const SEALED_CONTENT_TYPE = 'application/vnd.sahyog.sealed+json';
/** The multipart field carrying a sealed upload's envelope (its file parts are the sealed bytes). */
export const SEALED_FIELD = 'sahyog_sealed';
/** The file name and type of a sealed file part: its real ones travel sealed. */
export const SEALED_FILE_NAME = 'sealed.bin';
export const SEALED_FILE_TYPE = 'application/octet-stream';

/** The server's outbox public key as the app receives it (tenant config `outbox_key`). */
export type OutboxPublicKey = { kid: string; jwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string } };

/**
 * What travels: `epk` the ephemeral public key (uncompressed point), `iv`/`ct` the sealed JSON
 * part, `files` the IV of each sealed file part in order, all base64url. `refs`, in clear: the
 * server ids of the local references the sealed body names (`$app:<local id>`, `$file:<local id>`),
 * which the phone learns only after sealing; ids, not personal data.
 */
export type SealedEnvelope = {
  v: 1;
  kid: string;
  epk: string;
  iv: string;
  ct: string;
  files?: string[];
  refs?: Record<string, string>;
};

/** The sealed JSON part of a JSON request: its path (relative to the API base, `{app}` unresolved), body and a versioned write's condition. */
export type SealedJsonPlain = { url: string; body?: unknown; condition?: unknown };
/** The sealed JSON part of an upload: its path, text fields, and each file's real name and type. */
export type SealedUploadPlain = { url: string; fields: Record<string, unknown>; names: string[]; types: string[] };

export const SEALED_HKDF_INFO = 'sahyog-outbox/v1';

/** The AAD of a part: `json` for the JSON part, `file:<index>` for a file. */
export const sealedAad = (method: string, idempotencyKey: string, part: string) =>
  `${SEALED_HKDF_INFO}\n${method.toUpperCase()}\n${idempotencyKey}\n${part}`;

/** The key a reference is sent under in `refs`. */
export const referenceKey = (ref: { $file: string } | { $app: string }) => ('$file' in ref ? `$file:${ref.$file}` : `$app:${ref.$app}`);

/** Whether a path (with its query) is the sealed path template, `{app}` standing for one id. */
export function pathMatchesTemplate(path: string, template: string): boolean {
  const pattern = template
    .split('{app}')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[A-Za-z0-9_-]+');
  return new RegExp(`${pattern}$`).test(path);
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The envelope's shape, or null: anything else is refused (400), never opened. */
export function parseSealedEnvelope(value: unknown): SealedEnvelope | null {
  if (!isObject(value)) return null;
  const e = value as Record<string, unknown>;
  const text = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max && BASE64URL.test(v);
  if (e.v !== 1 || typeof e.kid !== 'string' || !/^[A-Za-z0-9-]{1,40}$/.test(e.kid)) return null;
  if (!text(e.epk, 100) || !text(e.iv, 24) || !text(e.ct, 1_000_000)) return null;
  if (e.files !== undefined && (!Array.isArray(e.files) || e.files.length > 10 || !e.files.every((iv) => text(iv, 24)))) return null;
  if (e.refs !== undefined) {
    if (!isObject(e.refs)) return null;
    const entries = Object.entries(e.refs);
    if (
      entries.length > 100 ||
      !entries.every(([k, id]) => /^\$(app|file):[A-Za-z0-9_-]{1,100}$/.test(k) && typeof id === 'string' && id.length <= 100)
    )
      return null;
  }
  return e as SealedEnvelope;
}
