import { and, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { PATTERNS, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { refuse, type Refusal } from '../../outcome';
import { byEnglish } from '../messages';

/**
 * The one check of the file ids a step names (KYC, co-applicant, family member, business,
 * employment, bank account, statements, CPV): each must be an application upload (APPLY_LOAN)
 * of the tenant made for this application, or for none yet (an upload sent before the
 * application had its server id). Another application's upload, another tenant's, a partner's
 * document or an unknown id is 400 naming the field.
 */

/** A form's file references: each field with the id(s) it names (blank ones are not references). */
export type FileRefs = Record<string, string | readonly (string | null | undefined)[] | null | undefined>;

export const invalidFileMessage = (field: string) => `Invalid file: ${field} is not an upload of this application`;

const idsOf = (value: FileRefs[string]): string[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && id !== '');

/** Every distinct id the references name. */
export const referencedIds = (refs: FileRefs): string[] => [...new Set(Object.values(refs).flatMap(idsOf))];

/**
 * The ids to look up before a form is parsed (in the query that loads its application): the
 * distinct values of its file fields as the form trims them that can be ids at all. The parsed
 * form's references are then checked with fileRefsRefusal.
 */
export function fileIdCandidates(body: unknown, fields: readonly string[]): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const values = fields.flatMap((f) => {
    const v = (body as Record<string, unknown>)[f];
    return Array.isArray(v) ? v : [v];
  });
  return [...new Set(values.filter((v): v is string => typeof v === 'string').map((v) => v.trim()))].filter((id) =>
    PATTERNS.applicationId.test(id),
  );
}

const belongs = (tenant: SQLWrapper | string, applicationId: SQLWrapper | string) =>
  sql`${files.tenant_id} = ${tenant} and ${files.purpose} = 'APPLY_LOAN' and (${files.application_id} is null or ${files.application_id} = ${applicationId})`;

/** SQL: which of `ids` (a text[] parameter) are uploads of the application (see above), as text[]. */
export const referencedAmong = (tenant: SQLWrapper, applicationId: SQLWrapper, ids: SQLWrapper) =>
  sql<
    string[]
  >`array(select ${files.id}::text from ${files} where ${files.id} = any(${ids}::text[]) and ${belongs(tenant, applicationId)})`;

/** The 400 for the first field naming an id not among `found`, or null when every reference is found. */
export function fileRefsRefusal(refs: FileRefs, found: readonly string[]): Refusal | null {
  for (const [field, value] of Object.entries(refs)) {
    if (idsOf(value).some((id) => !found.includes(id))) return refuse(400, byEnglish(invalidFileMessage(field)));
  }
  return null;
}

/** Looks the references up and answers fileRefsRefusal's refusal (null: all of them belong). */
export async function checkFileRefs(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  applicationId: string,
  refs: FileRefs,
): Promise<Refusal | null> {
  const wanted = referencedIds(refs).filter((id) => PATTERNS.applicationId.test(id));
  const found =
    wanted.length === 0
      ? []
      : (
          await db
            .select({ id: files.id })
            .from(files)
            .where(and(inArray(files.id, wanted), belongs(tenant, applicationId)))
        ).map((r) => r.id);
  return fileRefsRefusal(refs, found);
}

/** The references of a form: its file fields, by name. */
export const refsOf = (form: Record<string, unknown>, fields: readonly string[]): FileRefs =>
  Object.fromEntries(fields.map((f) => [f, form[f] as FileRefs[string]]));

export const otherRecordFileMessage = (field: string) => `Invalid file: ${field} is a file of another record of this application`;

/** The files other records of the application name (any `*_file` field): every co-applicant's but a REPLACED one's, every family member's, but those of `own` (a text[]). */
const othersFiles = (tenant: SQLWrapper | string, applicationId: SQLWrapper | string, own: SQLWrapper | string) => sql`(
    select e.value from (
      select c.id::text as record_id, c.data from co_applicants c
      where c.tenant_id = ${tenant} and c.application_id = ${applicationId} and c.status <> 'REPLACED'
      union all
      select m.id::text, m.data from family_members m where m.tenant_id = ${tenant} and m.application_id = ${applicationId}
    ) r, jsonb_each_text(r.data) e
    where r.record_id <> all(${own}::text[]) and e.key like '%\\_file')`;

/** SQL: which of `ids` (a text[] parameter) another record of the application names (see above), as text[]. */
export const claimedAmong = (tenant: SQLWrapper, applicationId: SQLWrapper, own: SQLWrapper, ids: SQLWrapper) =>
  sql<
    string[]
  >`array(select ${files.id}::text from ${files} where ${files.id} = any(${ids}::text[]) and ${files.tenant_id} = ${tenant} and ${files.id}::text in ${othersFiles(tenant, applicationId, own)})`;

/** The 400 for the first field naming an id among `claimed` (another record's file), or null. */
export function recordFileRefusal(refs: FileRefs, claimed: readonly string[]): Refusal | null {
  for (const [field, value] of Object.entries(refs)) {
    if (idsOf(value).some((id) => claimed.includes(id))) return refuse(400, byEnglish(otherRecordFileMessage(field)));
  }
  return null;
}

/**
 * The records whose files are their own (spec 02: a co-applicant's and a family member's KYC
 * documents): a file id another co-applicant or family member of the application already names
 * (any `*_file` field) is 400 naming the field. `own`: the record being written (its files pass)
 * and, for a replacement, the rejected guarantor it retires; a REPLACED co-applicant is history
 * and holds no files. The borrower is no such record: every other record's file is not theirs.
 */
export async function checkRecordFileRefs(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  applicationId: string,
  own: readonly (string | null | undefined)[],
  refs: FileRefs,
): Promise<Refusal | null> {
  const wanted = referencedIds(refs).filter((id) => PATTERNS.applicationId.test(id));
  if (wanted.length === 0) return null;
  const ownIds = `{${own.filter((id): id is string => typeof id === 'string' && PATTERNS.applicationId.test(id)).join(',')}}`;
  const claimed = (
    await db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          inArray(files.id, wanted),
          sql`${files.tenant_id} = ${tenant}`,
          sql`${files.id}::text in ${othersFiles(tenant, applicationId, ownIds)}`,
        ),
      )
  ).map((r) => r.id);
  return recordFileRefusal(refs, claimed);
}

/**
 * The borrower's own files (the KYC documents, the photo of the Aadhaar check): each an upload of
 * this application, and none a file a co-applicant or family member names (the borrower's files
 * are theirs, as a record's are its own). 400 naming the field otherwise.
 */
export async function borrowerFileRefusal(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  applicationId: string,
  form: object,
  fields: readonly string[],
): Promise<Refusal | null> {
  const refs = refsOf(form as Record<string, unknown>, fields);
  return (await checkFileRefs(db, tenant, applicationId, refs)) ?? (await checkRecordFileRefs(db, tenant, applicationId, [], refs));
}
