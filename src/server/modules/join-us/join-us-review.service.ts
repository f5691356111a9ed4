import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { nextJoinUsStatus, type JoinUsAction, type JoinUsStatus, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { files, joinUsRequests, users, type JoinUsRequestRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, refuse, type Outcome } from '../../outcome';
import { documentsOf, isRegisteredMobile, lockJoinUsMobile } from './join-us.service';
import { JOIN_US_MSG } from './join-us.messages';
import { byEnglish } from '../../kernels/messages';

export type JoinUsPageQuery = { status?: JoinUsStatus; page: number; size: number };

/** A tenant's requests, newest first, one zero-based page. */
export async function listJoinUsRequests(db: Db, tenant: Tenant, query: JoinUsPageQuery) {
  const where = and(eq(joinUsRequests.tenant_id, tenant), query.status ? eq(joinUsRequests.status, query.status) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(joinUsRequests).where(where);
  const rows = await db
    .select({
      id: joinUsRequests.id,
      first_name: joinUsRequests.first_name,
      last_name: joinUsRequests.last_name,
      mobile: joinUsRequests.mobile,
      business_name: joinUsRequests.business_name,
      city: joinUsRequests.city,
      state: joinUsRequests.state,
      status: joinUsRequests.status,
      created_at: joinUsRequests.created_at,
    })
    .from(joinUsRequests)
    .where(where)
    .orderBy(desc(joinUsRequests.created_at), desc(joinUsRequests.id))
    .limit(query.size)
    .offset(query.page * query.size);
  return {
    list: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    total_pages: Math.ceil(total / query.size),
    total_elements: total,
  };
}

export async function findJoinUsRequest(db: Db, tenant: Tenant, id: string): Promise<JoinUsRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(joinUsRequests)
    .where(and(eq(joinUsRequests.tenant_id, tenant), eq(joinUsRequests.id, id)));
  return row;
}

/** The request's uploads with their content type; a file gone missing keeps its entry with mime null. */
export async function requestDocuments(db: Db, row: JoinUsRequestRow) {
  const documents = documentsOf(row);
  const found = await db
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(
      and(
        eq(files.tenant_id, row.tenant_id),
        inArray(
          files.id,
          documents.map((d) => d.file_id),
        ),
      ),
    );
  const mimeOf = new Map(found.map((f) => [f.id, f.mime]));
  return documents.map((d) => ({ field: d.field, file_id: d.file_id, mime: mimeOf.get(d.file_id) ?? null }));
}

export type Reviewer = { id: number };

/**
 * Moves a request along the review machine (domain nextJoinUsStatus). Approval makes the
 * applicant an AGENT of this tenant, who can then sign in by OTP with the request's mobile.
 */
export async function reviewJoinUsRequest(
  db: Db,
  tenant: Tenant,
  id: string,
  action: JoinUsAction,
  reviewer: Reviewer,
  now: number,
  reason?: string,
): Promise<Outcome<JoinUsRequestRow>> {
  return transact(db, async (tx) => {
    const where = and(eq(joinUsRequests.tenant_id, tenant), eq(joinUsRequests.id, id));
    const [row] = await tx.select().from(joinUsRequests).where(where).for('update');
    if (!row) return refuse(404, JOIN_US_MSG.requestNotFound);
    const next = nextJoinUsStatus(row.status as JoinUsStatus, action);
    if (!next.ok) return refuse(409, byEnglish(next.message));

    const at = new Date(now);
    const changes: Partial<JoinUsRequestRow> = { status: next.to, updated_at: at };
    if (action === 'verify') Object.assign(changes, { verified_by: reviewer.id, verified_at: at });
    else Object.assign(changes, { decided_by: reviewer.id, decided_at: at });
    if (action === 'reject') changes.rejection_reason = reason ?? null;
    if (action === 'approve') {
      await lockJoinUsMobile(tx, tenant, row.mobile);
      if (await isRegisteredMobile(tx, tenant, row.mobile)) return refuse(409, JOIN_US_MSG.userExists);
      const [user] = await tx
        .insert(users)
        .values({
          tenant_id: tenant,
          mobile: row.mobile,
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          role: 'AGENT',
          mfi_employee: null,
          address: row.address,
          pincode: row.pincode,
          city: row.city,
          state: row.state,
          pan: row.pan,
          aadhaar_front: row.aadhaar_front,
          aadhaar_back: row.aadhaar_back,
          cancelled_cheque: row.cancelled_cheque,
          account_number: row.account_number,
          bank_name: row.bank_name,
          ifsc: row.ifsc,
          created_at: at,
        })
        .returning({ id: users.id });
      changes.user_id = user!.id;
    }
    const [updated] = await tx.update(joinUsRequests).set(changes).where(where).returning();
    return accept(updated!);
  });
}
