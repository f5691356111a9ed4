/**
 * Seals a structured value (JSON data with Blobs in it) into one AES-GCM ciphertext, and opens
 * it again. Blobs travel as their bytes after the JSON, so a photo is sealed with its record.
 */

/** What is stored in place of a value: a fresh IV per seal, and the ciphertext. */
export type SealedBox = { iv: Uint8Array; data: ArrayBuffer };

const BLOB_TAG = '\u0000blob';
/** `at`: where the Blob's bytes start after the JSON. */
type BlobPlaceholder = { [BLOB_TAG]: number; type: string; at: number; size: number };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const isBlobPlaceholder = (value: unknown): value is BlobPlaceholder => typeof value === 'object' && value !== null && BLOB_TAG in value;

/** JSON with each Blob replaced by its index, and the Blobs. */
function encode(value: unknown): { json: string; blobs: Blob[] } {
  const blobs: Blob[] = [];
  let at = 0;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof Blob !== 'undefined' && v instanceof Blob) {
      blobs.push(v);
      at += v.size;
      return { [BLOB_TAG]: blobs.length - 1, type: v.type, at: at - v.size, size: v.size } satisfies BlobPlaceholder;
    }
    return v;
  });
  return { json: json ?? 'null', blobs };
}

/** [u32 length of the JSON][JSON][bytes of each Blob, in order]. */
async function toPlaintext(value: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const { json, blobs } = encode(value);
  const head = encoder.encode(json);
  const parts = await Promise.all(blobs.map(async (b) => new Uint8Array(await b.arrayBuffer())));
  const out = new Uint8Array(4 + head.length + parts.reduce((sum, p) => sum + p.length, 0));
  new DataView(out.buffer).setUint32(0, head.length);
  out.set(head, 4);
  let at = 4 + head.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function fromPlaintext(bytes: Uint8Array<ArrayBuffer>): unknown {
  const jsonLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const json = decoder.decode(bytes.subarray(4, 4 + jsonLength));
  const start = 4 + jsonLength;
  return JSON.parse(json, (_key, v: unknown) =>
    isBlobPlaceholder(v) ? new Blob([bytes.subarray(start + v.at, start + v.at + v.size)], { type: v.type }) : v,
  );
}

/** `context` binds the ciphertext to where it is stored (a table): it opens nowhere else. */
export async function sealValue(key: CryptoKey, value: unknown, context: string): Promise<SealedBox> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key, await toPlaintext(value));
  return { iv, data };
}

export async function openValue(key: CryptoKey, box: SealedBox, context: string): Promise<unknown> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: new Uint8Array(box.iv), additionalData: encoder.encode(context) },
    key,
    box.data,
  );
  return fromPlaintext(new Uint8Array(plain));
}
