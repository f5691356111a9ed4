import { and, eq } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { familyMembers, type CoApplicantRow, type FamilyMemberRow } from '../../db/schema';
import { listCoApplicantRows } from '../../kernels/records';

/**
 * The records a status move reads besides its locked row: its co-applicants and family members,
 * each read at most once in the move's transaction (on first need) and shared by all that reads
 * them: the move's facts, a change since the review, a send-back's section digests and the
 * accepted offer's binding. The move writes neither table, so the rows stay current.
 */
export type MoveRecords = {
  coApplicants(): Promise<CoApplicantRow[]>;
  familyMembers(): Promise<FamilyMemberRow[]>;
};

const once = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let reading: Promise<T> | undefined;
  return () => (reading ??= read());
};

export function moveRecordsOf(db: Pick<Db, 'select'>, tenant: Tenant, applicationId: string): MoveRecords {
  return {
    coApplicants: once(() => listCoApplicantRows(db, tenant, applicationId)),
    familyMembers: once(() =>
      db
        .select()
        .from(familyMembers)
        .where(and(eq(familyMembers.tenant_id, tenant), eq(familyMembers.application_id, applicationId))),
    ),
  };
}
