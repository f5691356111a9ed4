import { getDb } from './db';
import { KV_KEYS, removeKv, writeKv } from './kv.repository';

/**
 * The service worker cannot read localStorage: while signed in, the send-only credential (a
 * guest's token in the public flow) is mirrored into the device database for its background
 * drain, and removed on logout. The session token never is (issue 31 S3).
 */
/** The profile id of who is signed in (null when signed out or not yet known). */
export async function mirrorSessionOwner(owner: string | null): Promise<void> {
  try {
    if (owner) await writeKv(getDb(), KV_KEYS.sessionOwner, owner);
    else await removeKv(getDb(), KV_KEYS.sessionOwner);
  } catch {
    // No IndexedDB: nothing is queued on this device either.
  }
}

export async function mirrorSessionToken(token: string | null): Promise<void> {
  try {
    if (token) await writeKv(getDb(), KV_KEYS.sessionToken, token);
    else await removeKv(getDb(), KV_KEYS.sessionToken);
  } catch {
    // No IndexedDB (private mode): the page drains while open; the worker cannot.
  }
}
