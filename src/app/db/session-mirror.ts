import { getDb } from './db';
import { KV_KEYS, removeKv, writeKv } from './kv.repository';

/**
 * The service worker cannot read localStorage: while signed in, the token is mirrored into the
 * device database for its background drain, and removed on logout.
 */
export async function mirrorSessionToken(token: string | null): Promise<void> {
  try {
    if (token) await writeKv(getDb(), KV_KEYS.sessionToken, token);
    else await removeKv(getDb(), KV_KEYS.sessionToken);
  } catch {
    // No IndexedDB (private mode): the page drains while open; the worker cannot.
  }
}
