import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

export const KEY_TTL_MS = 30 * 24 * 3_600_000;
/** A `running` key older than this belonged to a request whose process died: the next try takes it over. */
export const STALE_RUNNING_MS = 60_000;

export type KeyRef = { tenant: string; scope: string; key: string };
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; contentType: string | null; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

type Part = { type?: string; value?: unknown; filename?: string; mimetype?: string; toBuffer?: () => Promise<Buffer> };

const isPart = (v: unknown): v is Part => !!v && typeof v === 'object' && 'type' in v && ((v as Part).type === 'file' || (v as Part).type === 'field');

/** Feeds a parsed body into the hash: JSON as-is, multipart fields by value and files by bytes. */
async function digestValue(hash: ReturnType<typeof createHash>, value: unknown): Promise<void> {
  if (isPart(value)) {
    if (value.type === 'file' && value.toBuffer) {
      hash.update(`file:${value.filename}:${value.mimetype}:`);
      hash.update(await value.toBuffer());
    } else {
      hash.update(`field:${JSON.stringify(value.value)}`);
    }
  } else if (Array.isArray(value)) {
    hash.update('[');
    for (const item of value) await digestValue(hash, item);
    hash.update(']');
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value).sort()) {
      hash.update(`${JSON.stringify(key)}:`);
      await digestValue(hash, (value as Record<string, unknown>)[key]);
    }
  } else {
    hash.update(JSON.stringify(value) ?? 'undefined');
  }
}

export async function fingerprintRequest(method: string, path: string, body: unknown): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${method} ${path}\n`);
  await digestValue(hash, body);
  return hash.digest('hex');
}

const where = (ref: KeyRef) => and(eq(idempotencyKeys.tenant_id, ref.tenant), eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key));

/** Claims a key atomically (one row per tenant, scope and key), or says why not. */
export async function claimKey(db: Db, ref: KeyRef, fingerprint: string, now: number): Promise<Claim> {
  const at = new Date(now);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ tenant_id: ref.tenant, scope: ref.scope, key: ref.key, fingerprint, state: 'running', created_at: at, updated_at: at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return { kind: 'claimed' };

  const [row] = await db.select().from(idempotencyKeys).where(where(ref));
  if (!row) return claimKey(db, ref, fingerprint, now); // deleted (a 5xx) between our insert and select
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.state === 'done') return { kind: 'replay', status: row.status_code ?? 200, contentType: row.content_type, body: row.response_body ?? '' };
  const stale = await db
    .update(idempotencyKeys)
    .set({ updated_at: at })
    .where(and(where(ref), eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.updated_at, new Date(now - STALE_RUNNING_MS))))
    .returning({ key: idempotencyKeys.key });
  return stale.length ? { kind: 'claimed' } : { kind: 'in-progress' };
}

export async function completeKey(db: Db, ref: KeyRef, status: number, contentType: string | null, body: string, now: number): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', status_code: status, content_type: contentType, response_body: body, updated_at: new Date(now) })
    .where(where(ref));
}

/** A 5xx is not an answer: forget the key so that the retry runs the request again. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(and(where(ref), eq(idempotencyKeys.state, 'running')));
}

export async function purgeExpiredKeys(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, new Date(now - KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

