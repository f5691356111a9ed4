import type { SahyogDb } from './db';

/** Keys of the device's small settings table. */
export const KV_KEYS = {
  /** The send-only credential (a guest's token in the public flow), mirrored for the service worker's background drain; removed on logout. Never the session token. */
  sessionToken: 'session.token',
  /** The signed-in user's profile id: stamped on what they queue, so only they send it. */
  sessionOwner: 'session.owner',
  /** When the outbox last sent something the server accepted (epoch ms). */
  lastSyncAt: 'sync.lastSuccessAt',
  /** Persistent storage was asked for once, at the first capture. */
  persistRequested: 'storage.persistRequested',
  /** The server's outbox public key (tenant config `outbox_key`): queued requests are sealed for it. Public. */
  outboxKey: 'outbox.serverKey',
  /** After a remote wipe: how many queued items were sent first and how many were lost (counts only), for the login screen. */
  wipeOutcome: 'device.wipeOutcome',
} as const;

export type KvKey = (typeof KV_KEYS)[keyof typeof KV_KEYS];

export async function readKv<T>(db: SahyogDb, key: KvKey): Promise<T | undefined> {
  return (await db.kv.get(key))?.value as T | undefined;
}

export async function writeKv(db: SahyogDb, key: KvKey, value: unknown): Promise<void> {
  await db.kv.put({ key, value });
}

export async function removeKv(db: SahyogDb, key: KvKey): Promise<void> {
  await db.kv.delete(key);
}
