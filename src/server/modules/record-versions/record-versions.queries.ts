import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { recordClaims, recordVersions, users, type RecordVersionRow } from '../../db/schema';

/** A writer's name as the history shows it. */
const nameOf = sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`;

export type RecordRef = { tenant: Tenant; applicationId: string; key: string };

/** How long a claim holds should its node die between the claim and the write (a write takes milliseconds). */
const CLAIM_MS = 30_000;

const ofVersions = (ref: RecordRef) =>
  and(
    eq(recordVersions.tenant_id, ref.tenant),
    eq(recordVersions.application_id, ref.applicationId),
    eq(recordVersions.record_key, ref.key),
  );

export type Claimed = { claim: string; version: number; values: Record<string, unknown> };

/**
 * Claims the record's head for one write, in one statement; answers the claim and the record's
 * latest version with its values (as stored), or null while another write holds it. The head's
 * own columns, not a read of record_versions: a claim that waited for the write before it reads
 * the head as that write left it (PostgreSQL re-reads the row it waited for, not the rest).
 */
export async function claimRecord(db: Db, ref: RecordRef, now: number): Promise<Claimed | null> {
  const claim = randomUUID();
  const until = new Date(now + CLAIM_MS);
  const [row] = await db
    .insert(recordClaims)
    .values({ tenant_id: ref.tenant, application_id: ref.applicationId, record_key: ref.key, claim, claimed_until: until })
    .onConflictDoUpdate({
      target: [recordClaims.tenant_id, recordClaims.application_id, recordClaims.record_key],
      set: { claim, claimed_until: until },
      setWhere: or(isNull(recordClaims.claim), lt(recordClaims.claimed_until, new Date(now))),
    })
    .returning({ version: recordClaims.version, values: recordClaims.values });
  return row ? { claim, ...row } : null;
}

const ofClaim = (ref: RecordRef, claim: string) =>
  and(
    eq(recordClaims.tenant_id, ref.tenant),
    eq(recordClaims.application_id, ref.applicationId),
    eq(recordClaims.record_key, ref.key),
    eq(recordClaims.claim, claim),
  );

/** Lets go of a claim (after the write's version, or without one when the write was refused). */
export async function releaseRecord(db: Db, ref: RecordRef, claim: string): Promise<void> {
  await db.update(recordClaims).set({ claim: null, claimed_until: null }).where(ofClaim(ref, claim));
}

export type NewVersion = Omit<typeof recordVersions.$inferInsert, 'tenant_id' | 'application_id' | 'record_key'>;

/**
 * Appends the write's version, moves the head to it and lets go of the claim, in one statement
 * (the version's primary key refuses a second one of the same number; the head moves only with
 * the version written).
 */
export async function appendVersion(db: Db, ref: RecordRef, claim: string, version: NewVersion): Promise<void> {
  const insert = db
    .insert(recordVersions)
    .values({ ...version, tenant_id: ref.tenant, application_id: ref.applicationId, record_key: ref.key })
    .returning({ version: recordVersions.version });
  const added = db.$with('added', { version: sql<number>`version` }).as(insert.getSQL());
  await db
    .with(added)
    .update(recordClaims)
    .set({ version: version.version, values: version.values, claim: null, claimed_until: null })
    .where(and(ofClaim(ref, claim), sql`exists (select 1 from ${added})`));
}

/** One version's row (its values are the record as that write left it). */
export async function versionOf(db: Db, ref: RecordRef, version: number): Promise<RecordVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(recordVersions)
    .where(and(ofVersions(ref), eq(recordVersions.version, version)));
  return row;
}

/** A version written after the one a write was based on: by whom (name and session), the fields it changed and the values after it. */
export type LaterVersion = Pick<RecordVersionRow, 'version' | 'at' | 'session_id' | 'changed_fields' | 'values'> & { by: string };

/** The versions of a record after `since`, oldest first. */
export async function versionsSince(db: Db, ref: RecordRef, since: number): Promise<LaterVersion[]> {
  return db
    .select({
      version: recordVersions.version,
      at: recordVersions.at,
      session_id: recordVersions.session_id,
      changed_fields: recordVersions.changed_fields,
      values: recordVersions.values,
      by: nameOf,
    })
    .from(recordVersions)
    .innerJoin(users, and(eq(users.tenant_id, recordVersions.tenant_id), eq(users.id, recordVersions.actor_id)))
    .where(and(ofVersions(ref), gt(recordVersions.version, since)))
    .orderBy(asc(recordVersions.version));
}

/** The latest version of every record of applications (for reads: `versions` in the view). */
export async function versionsOf(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  applicationIds: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  const byApplication = new Map<string, Record<string, number>>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select({ application: recordClaims.application_id, key: recordClaims.record_key, version: recordClaims.version })
    .from(recordClaims)
    .where(and(eq(recordClaims.tenant_id, tenant), inArray(recordClaims.application_id, [...applicationIds]), gt(recordClaims.version, 0)));
  for (const row of rows) byApplication.set(row.application, { ...byApplication.get(row.application), [row.key]: Number(row.version) });
  return byApplication;
}

export type RecordHistoryEntry = {
  record: string;
  version: number;
  kind: string;
  at: string;
  by: string;
  changed_fields: string[];
  detail: Record<string, unknown> | null;
};

/** An application's record versions, oldest first, with who wrote each (the case view's history; no values). */
export async function recordHistoryOf(db: Pick<Db, 'select'>, tenant: Tenant, applicationId: string): Promise<RecordHistoryEntry[]> {
  const rows = await db
    .select({
      record: recordVersions.record_key,
      version: recordVersions.version,
      kind: recordVersions.kind,
      at: recordVersions.at,
      by: nameOf,
      changed: recordVersions.changed_fields,
      detail: recordVersions.detail,
    })
    .from(recordVersions)
    .innerJoin(users, and(eq(users.tenant_id, recordVersions.tenant_id), eq(users.id, recordVersions.actor_id)))
    .where(and(eq(recordVersions.tenant_id, tenant), eq(recordVersions.application_id, applicationId)))
    .orderBy(asc(recordVersions.at), asc(recordVersions.record_key), asc(recordVersions.version));
  return rows.map((row) => ({
    record: row.record,
    version: row.version,
    kind: row.kind,
    at: row.at.toISOString(),
    by: row.by ?? '',
    changed_fields: row.changed,
    detail: row.detail ?? null,
  }));
}
