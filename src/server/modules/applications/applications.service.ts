import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Language, Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications, type ApplicationRow } from '../../db/schema';
import { newTrackerId } from './tracker-id';

export async function findApplication(db: Db, tenant: Tenant, id: string) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
  return row;
}

/** A random serial collides with another of the month one time in a million per application. */
const TRACKER_ATTEMPTS = 8;

/**
 * Opens a DRAFT application with its tracker id, the borrower's phone (from `data.phone`) and
 * language when known (the public flow's).
 * A tracker id already taken in the tenant is not an error: the insert does nothing (so a
 * surrounding transaction stays usable) and another serial is tried. `nextSerial` is for tests.
 */
export async function createDraftApplication(
  db: Pick<Db, 'insert'>,
  tenant: Tenant,
  createdBy: number,
  now: number,
  data: Record<string, unknown> = {},
  nextSerial: () => number = () => randomInt(0, 1_000_000),
  borrowerLanguage: Language | null = null,
): Promise<string> {
  const at = new Date(now);
  const phone = typeof data.phone === 'string' ? data.phone : null;
  for (let attempt = 0; attempt < TRACKER_ATTEMPTS; attempt++) {
    const id = randomBytes(16).toString('hex');
    const inserted = await db
      .insert(applications)
      .values({
        tenant_id: tenant,
        id,
        created_by: createdBy,
        status: 'DRAFT',
        tracker_id: newTrackerId(tenant, now, nextSerial()),
        phone,
        borrower_language: borrowerLanguage,
        data,
        created_at: at,
        updated_at: at,
      })
      .onConflictDoNothing()
      .returning({ id: applications.id });
    if (inserted.length === 1) return id;
  }
  throw new Error('no free tracker id after several attempts');
}

/** The newest DRAFT application of a borrower's phone (a relationship officer's own only). */
export async function findNewestDraftByPhone(
  db: Db,
  tenant: Tenant,
  phone: string,
  ownerId: number | null,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.tenant_id, tenant),
        eq(applications.phone, phone),
        eq(applications.status, 'DRAFT'),
        ownerId === null ? undefined : eq(applications.created_by, ownerId),
      ),
    )
    .orderBy(desc(applications.created_at), desc(applications.id))
    .limit(1);
  return row;
}
