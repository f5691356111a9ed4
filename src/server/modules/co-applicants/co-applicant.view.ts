import { and, asc, eq } from 'drizzle-orm';
import { CO_APPLICANT_FIELDS, PATTERNS, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { coApplicants, type CoApplicantRow } from '../../db/schema';
import type { BureauResult } from '../../providers/bureau/bureau-provider';

export type CoApplicantStatus = 'ACTIVE' | 'REJECTED' | 'REPLACED';
export type Deviation = { type: string; info: Record<string, unknown>; status: 'PENDING' | 'APPROVED' | 'REJECTED' };

type FormField = (typeof CO_APPLICANT_FIELDS)[number];

/** docs/application-api.md CoApplicantView: the form's fields (aadhaar: last 4 only) and what the server decided. */
export type CoApplicantView = Record<Exclude<FormField, 'type'>, unknown> & {
  id: string;
  application_id: string;
  type: string;
  status: CoApplicantStatus;
  approval_checks: BureauResult | null;
  deviations: Deviation[];
  replaces_id: string | null;
  created_at: string;
};

type Reader = Pick<Db, 'select'>;

export function toCoApplicantView(row: CoApplicantRow): CoApplicantView {
  const fields = Object.fromEntries(CO_APPLICANT_FIELDS.map((field) => [field, row.data[field] ?? null])) as Record<FormField, unknown>;
  return {
    id: row.id,
    application_id: row.application_id,
    ...fields,
    type: row.type,
    status: row.status as CoApplicantStatus,
    approval_checks: (row.data.approval_checks as BureauResult | undefined) ?? null,
    deviations: (row.data.deviations as Deviation[] | undefined) ?? [],
    replaces_id: row.replaces_id,
    created_at: row.created_at.toISOString(),
  };
}

export async function findCoApplicant(db: Reader, tenant: Tenant, id: string): Promise<CoApplicantRow | undefined> {
  if (!PATTERNS.applicationId.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(coApplicants)
    .where(and(eq(coApplicants.tenant_id, tenant), eq(coApplicants.id, id)));
  return row;
}

/** The co-applicants of an application, oldest first, replaced ones included (for the application view). */
export async function listCoApplicantViews(db: Reader, tenant: Tenant, applicationId: string): Promise<CoApplicantView[]> {
  const rows = await db
    .select()
    .from(coApplicants)
    .where(and(eq(coApplicants.tenant_id, tenant), eq(coApplicants.application_id, applicationId)))
    .orderBy(asc(coApplicants.created_at), asc(coApplicants.id));
  return rows.map(toCoApplicantView);
}
