import { and, asc, eq } from 'drizzle-orm';
import { calendarDateOf, PATTERNS, type CalendarDate, type PolicyAction, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { coApplicants, type ApplicationRow, type CoApplicantRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import type { AuthUser } from '../../types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuseWith } from '../../http/envelope';
import { loadApplicationFor, mayUseApplications, NOT_ALLOWED_HERE } from '../access';
import { type Said, said } from '../../messages/message-language';

/**
 * What the records kept under an application (co-applicants, family members) share: the
 * client-generated id and the access rule through their application.
 */
export const RECORD_MSG = {
  invalidId: said('record.invalidId'),
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

/**
 * Loads a record and its application for an action of the access policy: a wrong role is 403
 * before anything is looked up; an unknown record, another tenant's, or one under another
 * officer's application is 404 with the record's own message; a state the action is not open in,
 * 409. With `lock`, the application row is locked and the record is read again after the lock,
 * so writers of one application take turns.
 */
export async function loadRecordFor<R extends { application_id: string }>(
  db: Reader,
  tenant: Tenant,
  user: AuthUser,
  action: PolicyAction,
  find: () => Promise<R | undefined>,
  notFound: Said,
  lock = false,
): Promise<Outcome<{ record: R; application: ApplicationRow }>> {
  if (!mayUseApplications(user)) return refuse(403, NOT_ALLOWED_HERE);
  const record = await find();
  if (!record) return refuse(404, notFound);
  const access = await loadApplicationFor(db, tenant, user, record.application_id, action, lock);
  if (!access.ok) return access.status === 404 ? refuse(404, notFound) : access;
  const current = lock ? await find() : record;
  return current ? accept({ record: current, application: access.application }) : refuse(404, notFound);
}

/** Empty optional answers are stored and answered as null. */
export function blanksToNull<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' || v === undefined ? null : v])) as T;
}

/** The co-applicants of an application, oldest first (replaced and rejected ones included). */
export async function listCoApplicantRows(db: Pick<Db, 'select'>, tenant: Tenant, applicationId: string): Promise<CoApplicantRow[]> {
  return db
    .select()
    .from(coApplicants)
    .where(and(eq(coApplicants.tenant_id, tenant), eq(coApplicants.application_id, applicationId)))
    .orderBy(asc(coApplicants.created_at), asc(coApplicants.id));
}

/**
 * preValidation of a write that names a record in the path (`/family-member/:fid`): as
 * accessBeforeBody, for the record's application; an unknown record is 404 with its message.
 */
export function recordAccessBeforeBody<R extends { application_id: string }>(
  action: PolicyAction,
  param: string,
  find: (db: Reader, tenant: Tenant, id: string) => Promise<R | undefined>,
  notFound: Said,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const id = String((request.params as Record<string, unknown>)[param] ?? '');
    const { db } = request.server;
    const loaded = await loadRecordFor(db, request.tenant, request.user!, action, () => find(db, request.tenant, id), notFound);
    return loaded.ok ? undefined : refuseWith(request, reply, loaded);
  };
}
