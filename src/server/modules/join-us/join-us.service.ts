import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { JOIN_US_PENDING_STATUSES, PATTERNS, type JoinUsRequest, type JoinUsStatus, type Tenant } from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { files, joinUsRequests, users, type JoinUsRequestRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, refuse, type Outcome } from '../../outcome';
import type { Said } from '../../kernels/messages';
import { JOIN_US_DOCUMENTS, JOIN_US_MSG, type JoinUsDocumentField } from './join-us.messages';

export type JoinUsDocument = { field: JoinUsDocumentField; missing: string; file_id: string };

const newId = () => randomBytes(16).toString('hex');
const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** The files a request names, in form order; the optional GST upload only when given. */
export function documentsOf(source: Pick<JoinUsRequestRow, JoinUsDocumentField> | JoinUsRequest): JoinUsDocument[] {
  return JOIN_US_DOCUMENTS.flatMap(({ field, missing }) => {
    const fileId = orNull(source[field] ?? undefined);
    return fileId === null ? [] : [{ field, missing, file_id: fileId }];
  });
}

/** The predicate of join_us_requests_pending_mobile_unique, as ON CONFLICT must name it. */
const pendingPredicate = sql.raw(`status in (${JOIN_US_PENDING_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** Serialises the transactions that decide about one mobile (a request, an approval). */
export async function lockJoinUsMobile(tx: Tx, tenant: Tenant, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`join-us:${tenant}:${mobile}`}))`);
}

export async function isRegisteredMobile(tx: Tx, tenant: Tenant, mobile: string): Promise<boolean> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)))
    .limit(1);
  return user !== undefined;
}

/** Marks the request's files as claimed; a refusal naming the first one that is unknown or taken. */
async function claimFiles(tx: Tx, tenant: Tenant, documents: JoinUsDocument[], now: number): Promise<Outcome<null>> {
  const ids = documents.map((d) => d.file_id);
  const ofThisTenant = and(eq(files.tenant_id, tenant), inArray(files.id, ids), eq(files.purpose, 'JOIN_US'));
  // One UPDATE: a file another request claims at the same moment is taken by only one of them.
  const claimed = await tx
    .update(files)
    .set({ attached_at: new Date(now) })
    .where(and(ofThisTenant, isNull(files.attached_at)))
    .returning({ id: files.id });
  const claimedIds = new Set(claimed.map((row) => row.id));
  const first = documents.find((d) => !claimedIds.has(d.file_id));
  if (!first) return accept(null);
  const [taken] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(ofThisTenant, eq(files.id, first.file_id)));
  return refuse(400, taken ? JOIN_US_MSG.fileUsed(first.missing) : JOIN_US_MSG.fileNotFound(first.missing));
}

/**
 * Stores a partner registration as RECEIVED and claims its uploads. Refused: a request of this
 * mobile still in progress (409, held by a partial unique index), an upload that is not an
 * unclaimed join-us file of this tenant (400).
 */
export async function submitJoinUsRequest(
  db: Db,
  tenant: Tenant,
  body: JoinUsRequest,
  now: number,
): Promise<Outcome<{ tracker_id: string }>> {
  const documents = documentsOf(body);
  const malformed = documents.find((d) => !PATTERNS.applicationId.test(d.file_id));
  if (malformed) return refuse(400, JOIN_US_MSG.fileNotFound(malformed.missing));
  if (new Set(documents.map((d) => d.file_id)).size !== documents.length) return refuse(400, JOIN_US_MSG.sameFile);

  return transact(db, async (tx) => {
    // A mobile that is already a user (staff or partner) is answered like any other: this public
    // form must not tell who works for the lender. Its approval is refused (join-us-review.service.ts).
    await lockJoinUsMobile(tx, tenant, body.mobile);
    const inserted = await tx
      .insert(joinUsRequests)
      .values({
        tenant_id: tenant,
        id: newId(),
        mobile: body.mobile,
        first_name: body.first_name,
        last_name: body.last_name,
        business_name: orNull(body.business_name),
        gst_number: orNull(body.gst_number),
        email: body.email,
        pincode: body.pincode,
        city: body.city,
        state: body.state,
        address: body.address,
        bank_name: body.bank_name,
        account_number: body.account_number,
        ifsc: body.ifsc,
        pan: body.pan,
        aadhaar_front: body.aadhaar_front,
        aadhaar_back: body.aadhaar_back,
        cancelled_cheque: body.cancelled_cheque,
        gst: orNull(body.gst),
        status: 'RECEIVED',
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .onConflictDoNothing({ target: [joinUsRequests.tenant_id, joinUsRequests.mobile], where: pendingPredicate })
      .returning({ id: joinUsRequests.id });
    if (inserted.length === 0) return refuse(409, JOIN_US_MSG.pending);
    const claimed = await claimFiles(tx, tenant, documents, now);
    if (!claimed.ok) return claimed;
    return accept({ tracker_id: body.mobile });
  });
}

/**
 * The status in words, never the branch manager's free-text reason: anyone who knows the mobile
 * can track it.
 */
function statusMessage(status: JoinUsStatus): Said {
  switch (status) {
    case 'RECEIVED':
      return JOIN_US_MSG.received;
    case 'UNDER_VERIFICATION':
      return JOIN_US_MSG.underVerification;
    case 'APPROVED':
      return JOIN_US_MSG.approved;
    case 'REJECTED':
      return JOIN_US_MSG.rejected;
  }
}

/** The status message of the newest request of a mobile in this tenant. */
export async function trackJoinUsRequest(
  db: Db,
  tenant: Tenant,
  mobile: string,
): Promise<Outcome<{ status: JoinUsStatus; message: Said }>> {
  const [row] = await db
    .select({ status: joinUsRequests.status })
    .from(joinUsRequests)
    .where(and(eq(joinUsRequests.tenant_id, tenant), eq(joinUsRequests.mobile, mobile)))
    // A request in progress is always the newest (none can be made beside it); it wins a tie.
    .orderBy(sql`case when ${pendingPredicate} then 0 else 1 end`, desc(joinUsRequests.created_at))
    .limit(1);
  if (!row) return refuse(404, JOIN_US_MSG.noRequestForMobile);
  const status = row.status as JoinUsStatus; // the column's check constraint admits only these
  return accept({ status, message: statusMessage(status) });
}
