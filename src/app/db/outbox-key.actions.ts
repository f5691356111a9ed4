import type { OutboxPublicKey } from '../../domain/identity/sealed-envelope';
import { getDb } from './db';
import { KV_KEYS, writeKv } from './kv.repository';

/** Keeps the server's outbox public key (public: kv, in clear) for the requests queued from now on. */
export const keepOutboxKey = (key: OutboxPublicKey): Promise<void> => writeKv(getDb(), KV_KEYS.outboxKey, key);
