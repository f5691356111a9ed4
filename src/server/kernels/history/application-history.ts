import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { HistoryAction } from '../../../domain/policy/review-workflow';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applicationEvents, coApplicants, familyMembers, users, type ApplicationRow } from '../../db/schema';

type Writer = Pick<Db, 'insert'>;
type Reader = Pick<Db, 'select'>;
type StampedRecords = { coApplicants(): Promise<{ updated_at: Date }[]>; familyMembers(): Promise<{ updated_at: Date }[]> };

export type HistoryEvent = {
  tenant: Tenant;
  applicationId: string;
  at: number;
  actorId: number;
  action: HistoryAction;
  from: string | null;
  to: string | null;
  remarks?: string | null;
  detail?: Record<string, unknown> | null;
};

/** Records one entry of an application's history; called inside the transaction of the change it records. */
export async function recordEvent(db: Writer, event: HistoryEvent): Promise<void> {
  await db.insert(applicationEvents).values({
    tenant_id: event.tenant,
    application_id: event.applicationId,
    at: new Date(event.at),
    actor_id: event.actorId,
    // Kept as it is now: the history shows the designation the actor acted under.
    actor_designation: sql`(select ${users.mfi_employee} from ${users} where ${users.tenant_id} = ${event.tenant} and ${users.id} = ${event.actorId})`,
    action: event.action,
    from_status: event.from,
    to_status: event.to,
    remarks: event.remarks ?? null,
    detail: event.detail ?? null,
  });
}

/** When the application last moved into `status` (the review it is in), if it ever did. */
export async function lastMoveInto(db: Reader, tenant: Tenant, applicationId: string, status: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: applicationEvents.at })
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.tenant_id, tenant),
        eq(applicationEvents.application_id, applicationId),
        eq(applicationEvents.action, 'MOVED'),
        eq(applicationEvents.to_status, status),
      ),
    )
    .orderBy(desc(applicationEvents.at), desc(applicationEvents.id))
    .limit(1);
  return row?.at ?? null;
}

/**
 * The section digests kept by the latest send-back into PD1_REVIEW or the latest resubmission
 * since (application-sections.service.ts), to name what a resubmission changed; undefined when
 * that entry kept none (written before they were kept).
 */
export async function lastReviewDigests(db: Reader, tenant: Tenant, applicationId: string): Promise<unknown> {
  const [row] = await db
    .select({ detail: applicationEvents.detail })
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.tenant_id, tenant),
        eq(applicationEvents.application_id, applicationId),
        or(
          and(eq(applicationEvents.action, 'MOVED'), eq(applicationEvents.to_status, 'PD1_REVIEW')),
          eq(applicationEvents.action, 'RESUBMITTED'),
        ),
      ),
    )
    .orderBy(desc(applicationEvents.at), desc(applicationEvents.id))
    .limit(1);
  return (row?.detail as { sections?: unknown } | null | undefined)?.sections;
}

/**
 * "A change since the review": the application row, or one of its co-applicants or family
 * members, was written after `since`. Every step service stamps the application's `updated_at`
 * with its write (borrower, KYC, co-applicant and family stages, business, employment, bank,
 * verifications, the reviewers' PATCH), and the co-applicant and family updates stamp their own
 * row. Times come from the app's clock, so a change in the same millisecond as the move does
 * not count. `records`: the co-applicants' and family members' rows where the caller reads them anyway.
 */
export async function changedSince(
  db: Reader,
  tenant: Tenant,
  application: ApplicationRow,
  since: Date | null,
  records?: StampedRecords,
): Promise<boolean> {
  if (!since) return false;
  if (application.updated_at.getTime() > since.getTime()) return true;
  if (records) {
    const after = (rows: { updated_at: Date }[]) => rows.some((row) => row.updated_at.getTime() > since.getTime());
    return after(await records.coApplicants()) || after(await records.familyMembers());
  }
  const changed = (table: typeof coApplicants | typeof familyMembers) =>
    db
      .select({ one: sql<number>`1` })
      .from(table)
      .where(and(eq(table.tenant_id, tenant), eq(table.application_id, application.id), gt(table.updated_at, since)))
      .limit(1);
  const [co] = await changed(coApplicants);
  if (co) return true;
  const [family] = await changed(familyMembers);
  return family !== undefined;
}
