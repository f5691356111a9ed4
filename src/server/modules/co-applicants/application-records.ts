import { and, eq, inArray } from 'drizzle-orm';
import { calendarDateOf, PATTERNS, type CalendarDate, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { files, type ApplicationRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import type { AuthUser } from '../../types';
import { loadApplicationFor, mayUseApplications, NOT_ALLOWED_HERE, type AccessMode } from '../applications/application-access';

/**
 * What the records kept under an application (co-applicants, family members) share: the
 * client-generated id, the file ids they point at, the access rule through their application.
 */
export const RECORD_MSG = {
  invalidId: 'Invalid id',
  invalidFile: 'Invalid file',
  applicationClosed: 'This application is approved and can no longer be changed.',
} as const;

type Reader = Pick<Db, 'select'>;

/** The day the forms' age rules are checked against, in India. */
export const todayAt = (now: number): CalendarDate => calendarDateOf(new Date(now));

/** A client id is optional; when sent it is 32 lowercase hex characters, like every record id. */
export function clientIdOf(body: unknown): Outcome<string | undefined> {
  const id = (body as { id?: unknown } | null)?.id;
  if (id === undefined || id === null || id === '') return accept(undefined);
  return typeof id === 'string' && PATTERNS.applicationId.test(id) ? accept(id) : refuse(400, RECORD_MSG.invalidId);
}

/** Every file id given is an application upload of the tenant. */
export async function filesExist(db: Reader, tenant: Tenant, ids: readonly (string | null | undefined)[]): Promise<boolean> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return true;
  if (wanted.some((id) => !PATTERNS.applicationId.test(id))) return false;
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.tenant_id, tenant), inArray(files.id, wanted), eq(files.purpose, 'APPLY_LOAN')));
  return found.length === wanted.length;
}

/** Records under an approved application are frozen (what the lender approved stays as it was). */
export const isOpenForChanges = (application: ApplicationRow) => application.status !== 'APPROVED';

/**
 * Loads a record and its application for a use: a wrong role is 403 before anything is looked
 * up; an unknown record, another tenant's, or one under another officer's application is 404
 * with the record's own message. With `lock`, the application row is locked and the record is
 * read again after the lock, so writers of one application take turns.
 */
export async function loadRecordFor<R extends { application_id: string }>(
  db: Reader,
  tenant: Tenant,
  user: AuthUser,
  mode: AccessMode,
  find: () => Promise<R | undefined>,
  notFound: string,
  lock = false,
): Promise<Outcome<{ record: R; application: ApplicationRow }>> {
  if (!mayUseApplications(user)) return refuse(403, NOT_ALLOWED_HERE);
  const record = await find();
  if (!record) return refuse(404, notFound);
  const access = await loadApplicationFor(db, tenant, user, record.application_id, mode, lock);
  if (!access.ok) return access.status === 404 ? refuse(404, notFound) : access;
  const current = lock ? await find() : record;
  return current ? accept({ record: current, application: access.application }) : refuse(404, notFound);
}

/** Empty optional answers are stored and answered as null. */
export function blanksToNull<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' || v === undefined ? null : v])) as T;
}
