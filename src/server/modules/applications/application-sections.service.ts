import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { APPLICATION_SECTIONS, isApplicationSection, sectionOfDataKey, type ApplicationSection, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { coApplicants, familyMembers, type ApplicationRow } from '../../db/schema';

type Reader = Pick<Db, 'select'>;

/** A digest per section of what the officer entered, kept in the history to tell later which sections changed. */
export type SectionDigests = Partial<Record<ApplicationSection, string>>;

/** JSON with the keys of every object sorted, so equal values give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const digest = (value: unknown) => createHash('sha256').update(canonical(value)).digest('base64url').slice(0, 16);

type Records = { coApplicants(): Promise<Row[]>; familyMembers(): Promise<Row[]> };
type Row = { id: string; data: Record<string, unknown> };

/**
 * The digests of an application's sections now: its data split by section, its co-applicants' and
 * family members' rows (`records`: as the caller has read them, move-records.ts).
 */
export async function sectionDigests(db: Reader, tenant: Tenant, application: ApplicationRow, records?: Records): Promise<SectionDigests> {
  const parts: Record<ApplicationSection, Record<string, unknown>> = Object.fromEntries(APPLICATION_SECTIONS.map((s) => [s, {}])) as Record<
    ApplicationSection,
    Record<string, unknown>
  >;
  for (const [key, value] of Object.entries(application.data)) {
    const section = sectionOfDataKey(key);
    if (section) parts[section][key] = value;
  }
  const rowsOf = (table: typeof coApplicants | typeof familyMembers) =>
    db
      .select({ id: table.id, data: table.data })
      .from(table)
      .where(and(eq(table.tenant_id, tenant), eq(table.application_id, application.id)))
      .orderBy(asc(table.id));
  // Each row's id and data, in the order of their ids.
  const kept = async (rows: Promise<Row[]>) =>
    (await rows).map(({ id, data }) => ({ id, data })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const [co, family] = records
    ? await Promise.all([kept(records.coApplicants()), kept(records.familyMembers())])
    : await Promise.all([rowsOf(coApplicants), rowsOf(familyMembers)]);
  parts.co_applicants = { rows: co };
  parts.family = { rows: family };
  return Object.fromEntries(APPLICATION_SECTIONS.map((s) => [s, digest(parts[s])])) as SectionDigests;
}

/** The sections whose digest differs between two readings (null when the earlier one was not kept). */
export function changedSections(before: unknown, now: SectionDigests): ApplicationSection[] | null {
  if (before === null || typeof before !== 'object') return null;
  const was = before as Record<string, unknown>;
  return APPLICATION_SECTIONS.filter((s) => isApplicationSection(s) && was[s] !== now[s]);
}
