import { sql, type SQLWrapper } from 'drizzle-orm';
import { PATTERNS } from '../../../domain';
import { files } from '../../db/schema';

/**
 * The file ids a form names are checked in the query that loads its application, before the
 * form is parsed: these are the ids to look up, the distinct values of its file fields as the
 * form trims them that can be ids at all. The parsed form's ids are then checked with allUploaded.
 */
export function fileIdCandidates(body: unknown, fields: readonly string[]): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const values = fields.map((f) => (body as Record<string, unknown>)[f]);
  return [...new Set(values.filter((v): v is string => typeof v === 'string').map((v) => v.trim()))].filter((id) =>
    PATTERNS.applicationId.test(id),
  );
}

/** SQL: which of `ids` (a text[] parameter) are application uploads of the tenant, as text[]. */
export const uploadedAmong = (tenant: SQLWrapper, ids: SQLWrapper) =>
  sql<
    string[]
  >`array(select ${files.id}::text from ${files} where ${files.tenant_id} = ${tenant} and ${files.id} = any(${ids}::text[]) and ${files.purpose} = 'APPLY_LOAN')`;

/** Every file id given (blank ones ignored) is among the uploads found. */
export function allUploaded(ids: readonly (string | null | undefined)[], uploaded: readonly string[]): boolean {
  return ids.every((id) => typeof id !== 'string' || id === '' || uploaded.includes(id));
}
