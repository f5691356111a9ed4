// Loaded first in a document worker (document-tasks.ts), never on the API's thread.
//
// pdf.js decodes a stream (Flate, LZW, decryption...) into one Uint8Array that it doubles as it
// grows (DecodeStream.ensureBuffer). Typed-array memory lives outside the V8 heap, so the worker's
// resourceLimits do not bound it: a 77 KB Flate bomb would still grow to gigabytes. The worker's
// own Uint8Array constructor therefore refuses any single buffer over the limit while a document
// is read; pdf.js may swallow that error (stopAtErrors: false), so the guard also remembers it.

const Native = globalThis.Uint8Array;
let limit = Number.POSITIVE_INFINITY;
let tripped = false;

globalThis.Uint8Array = new Proxy(Native, {
  construct(target, args: unknown[], newTarget) {
    if (typeof args[0] === 'number' && args[0] > limit) {
      tripped = true;
      throw new RangeError('decoded data over the limit');
    }
    return Reflect.construct(target, args, newTarget) as object;
  },
});

/** Runs `read` with buffers of at most `maxBytes`; `overLimit` says whether it asked for a larger one. */
export async function withDecodedSizeLimit<T>(maxBytes: number, read: () => Promise<T>): Promise<{ value: T; overLimit: boolean }> {
  limit = maxBytes;
  tripped = false;
  try {
    const value = await read();
    return { value, overLimit: tripped };
  } finally {
    limit = Number.POSITIVE_INFINITY;
  }
}
