import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce, preparedSql } from '../../db/prepared';
import { idempotencyKeys } from '../../db/schema';

/** Keys (and the minimal answers they replay, replay-body.ts) live a day: an outbox retries well within it. */
export const KEY_TTL_MS = 24 * 3_600_000;
/** A `running` key older than this belonged to a request whose process died: the next try takes it over. */
export const STALE_RUNNING_MS = 60_000;

export type KeyRef = { tenant: string; scope: string; key: string };
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; contentType: string | null; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

type Part = { type?: string; value?: unknown; filename?: string; mimetype?: string; toBuffer?: () => Promise<Buffer> };

const isPart = (v: unknown): v is Part =>
  !!v && typeof v === 'object' && 'type' in v && ((v as Part).type === 'file' || (v as Part).type === 'field');

type Hash = ReturnType<typeof createHash>;

/** The file parts of a multipart body, wherever they are in it. */
function fileParts(value: unknown, found: Part[] = []): Part[] {
  if (isPart(value)) {
    if (value.type === 'file' && value.toBuffer) found.push(value);
  } else if (value && typeof value === 'object') {
    for (const item of Array.isArray(value) ? value : Object.values(value)) fileParts(item, found);
  }
  return found;
}

/** Feeds a parsed body into the hash: JSON as-is, multipart fields by value and files by their bytes (read beforehand). */
function digestValue(hash: Hash, value: unknown, bytes: Map<Part, Buffer>): void {
  if (isPart(value)) {
    if (value.type === 'file' && value.toBuffer) {
      hash.update(`file:${value.filename}:${value.mimetype}:`);
      hash.update(bytes.get(value)!);
    } else {
      hash.update(`field:${JSON.stringify(value.value)}`);
    }
  } else if (Array.isArray(value)) {
    hash.update('[');
    for (const item of value) digestValue(hash, item, bytes);
    hash.update(']');
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value).sort()) {
      hash.update(`${JSON.stringify(key)}:`);
      digestValue(hash, (value as Record<string, unknown>)[key], bytes);
    }
  } else {
    hash.update(JSON.stringify(value) ?? 'undefined');
  }
}

/** The files are read first, so a JSON body is digested without a wait at every value. */
export async function fingerprintRequest(method: string, path: string, body: unknown): Promise<string> {
  const bytes = new Map<Part, Buffer>();
  for (const part of fileParts(body)) bytes.set(part, await part.toBuffer!());
  const hash = createHash('sha256');
  hash.update(`${method} ${path}\n`);
  digestValue(hash, body, bytes);
  return hash.digest('hex');
}

const where = (ref: KeyRef) =>
  and(eq(idempotencyKeys.tenant_id, ref.tenant), eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key));

const ph = sql.placeholder;

/**
 * The claim in one statement: insert the key unless it exists, and read the row already there.
 * The read sees the rows committed before the statement began, so a row that a concurrent
 * claim committed meanwhile is neither inserted nor read (claimKey then asks again).
 */
const claimStatement = (db: Db) =>
  preparedSql(
    db,
    'idempotency_claim',
    () => sql`
      with claimed as (
        insert into idempotency_keys (tenant_id, scope, key, fingerprint, state, created_at, updated_at)
        values (${ph('tenant')}, ${ph('scope')}, ${ph('key')}, ${ph('fingerprint')}, 'running', ${ph('at')}::timestamptz, ${ph('at')}::timestamptz)
        on conflict do nothing
        returning 1
      )
      select exists (select 1 from claimed) as claimed, k.fingerprint, k.state, k.status_code, k.content_type, k.response_body
      from (select 1) as one
      left join idempotency_keys k on k.tenant_id = ${ph('tenant')} and k.scope = ${ph('scope')} and k.key = ${ph('key')}`,
  );

/** A claim's answer: whether this request inserted the key, else the key's row (all null when not seen). */
type ClaimRow = {
  claimed: boolean;
  fingerprint: string | null;
  state: string | null;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
};

const completeStatement = (db: Db) =>
  preparedOnce(db, 'idempotency_complete', () =>
    db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        status_code: sql`${ph('status')}`,
        content_type: sql`${ph('contentType')}`,
        response_body: sql`${ph('body')}`,
        updated_at: sql`${ph('at')}::timestamptz`,
      })
      .where(and(eq(idempotencyKeys.tenant_id, ph('tenant')), eq(idempotencyKeys.scope, ph('scope')), eq(idempotencyKeys.key, ph('key'))))
      .prepare('idempotency_complete'),
  );

/** Claims a key atomically (one row per tenant, scope and key), or says why not. */
export async function claimKey(db: Db, ref: KeyRef, fingerprint: string, now: number): Promise<Claim> {
  const at = new Date(now);
  const [row] = (await claimStatement(db)({ ...ref, fingerprint, at: at.toISOString() })) as ClaimRow[];
  if (row!.claimed) return { kind: 'claimed' };
  if (row!.fingerprint === null) return claimKey(db, ref, fingerprint, now); // claimed by another request meanwhile, or released (a 5xx)
  if (row!.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row!.state === 'done')
    return { kind: 'replay', status: row!.status_code ?? 200, contentType: row!.content_type, body: row!.response_body ?? '' };
  const stale = await db
    .update(idempotencyKeys)
    .set({ updated_at: at })
    .where(and(where(ref), eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.updated_at, new Date(now - STALE_RUNNING_MS))))
    .returning({ key: idempotencyKeys.key });
  return stale.length ? { kind: 'claimed' } : { kind: 'in-progress' };
}

export async function completeKey(
  db: Db,
  ref: KeyRef,
  status: number,
  contentType: string | null,
  body: string,
  now: number,
): Promise<void> {
  await completeStatement(db).execute({ ...ref, status, contentType, body, at: new Date(now).toISOString() });
}

/**
 * Whether a signed-out caller (a `public:<address>` scope) may claim one more key: it holds at
 * most `max` live keys per tenant, so an address cannot fill the table. A key it already holds is
 * always answered (a replay). Null when it may, else the seconds until its oldest key expires.
 */
export async function publicKeyRefusal(db: Db, ref: KeyRef, max: number, now: number): Promise<number | null> {
  const [row] = await db
    .select({
      n: count(),
      oldest: min(idempotencyKeys.created_at),
      mine: sql<boolean>`coalesce(bool_or(${idempotencyKeys.key} = ${ref.key}), false)`,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenant_id, ref.tenant),
        eq(idempotencyKeys.scope, ref.scope),
        gt(idempotencyKeys.created_at, new Date(now - KEY_TTL_MS)),
      ),
    );
  if (!row || row.mine || row.n < max) return null;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : now;
  return Math.max(1, Math.ceil((oldest + KEY_TTL_MS - now) / 1000));
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
