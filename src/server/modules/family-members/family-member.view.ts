import { and, asc, eq } from 'drizzle-orm';
import { FAMILY_MEMBER_FIELDS, PATTERNS, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { familyMembers, type FamilyMemberRow } from '../../db/schema';

type FormField = (typeof FAMILY_MEMBER_FIELDS)[number];

/** docs/application-api.md FamilyMemberView: the family form's fields plus id, application_id, created_at. */
export type FamilyMemberView = Record<FormField, unknown> & { id: string; application_id: string; created_at: string };

type Reader = Pick<Db, 'select'>;

export function toFamilyMemberView(row: FamilyMemberRow): FamilyMemberView {
  const fields = Object.fromEntries(FAMILY_MEMBER_FIELDS.map((field) => [field, row.data[field] ?? null])) as Record<FormField, unknown>;
  return { id: row.id, application_id: row.application_id, ...fields, created_at: row.created_at.toISOString() };
}

export async function findFamilyMember(db: Reader, tenant: Tenant, id: string): Promise<FamilyMemberRow | undefined> {
  if (!PATTERNS.applicationId.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.tenant_id, tenant), eq(familyMembers.id, id)));
  return row;
}

/** The family members of an application, oldest first (for the application view). */
export async function listFamilyMemberViews(db: Reader, tenant: Tenant, applicationId: string): Promise<FamilyMemberView[]> {
  const rows = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.tenant_id, tenant), eq(familyMembers.application_id, applicationId)))
    .orderBy(asc(familyMembers.created_at), asc(familyMembers.id));
  return rows.map(toFamilyMemberView);
}
