import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import {
  askPolicy,
  CREATOR_DESIGNATION,
  designationOf,
  isGuest,
  isReviewerDesignation,
  PATTERNS,
  policyStateOf,
  type PolicyAction,
  type Tenant,
} from '../../../domain';
import type { Db } from '../../db/client';
import { refuseFor, refuseWith } from '../../http/envelope';
import { refuse } from '../../outcome';
import { applications, type ApplicationRow } from '../../db/schema';
import type { AuthUser } from '../../types';
import { byEnglish, said, type Said } from '../messages';

export const APPLICATION_NOT_FOUND = said('verification.applicationNotFound');
export const APPLICATION_CHANGED_MEANWHILE = said('application.changedMeanwhile');
export const NOT_ALLOWED_HERE = said('policy.notAllowed');

/**
 * THE server helper of the access policy (src/domain/policy/access-policy.ts): every route that reads or
 * changes an application asks it, for one action of the policy. Ownership first: another
 * officer's application is 404, like another tenant's (its existence is not revealed); then the
 * policy's cell for the caller's designation, the application's state and the action: 403 for a
 * designation that may not do it (here, or through this call), 409 with the reason for a state
 * that does not allow it.
 */
export type AccessMode = PolicyAction;

export type Access = { ok: true; application: ApplicationRow } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

/** A refusal of access, carrying the code of its message. */
const denied = (status: 400 | 403 | 404 | 409, message: Said | string): Extract<Access, { ok: false }> =>
  refuse(status, message) as Extract<Access, { ok: false }>;

type Caller = Pick<AuthUser, 'role' | 'mfi_employee' | 'guest'>;

export const isReviewer = (user: Caller) => isReviewerDesignation(designationOf(user));
export const isCreatorRole = (user: Caller) => designationOf(user) === CREATOR_DESIGNATION;

/** Whether the user's designation takes part at all (an AGENT or an unknown designation does not); a guest reaches its own. */
export function mayUseApplications(user: Caller): boolean {
  return designationOf(user) !== null || isGuest(user);
}

/** Whose application a row is: an officer's own, a guest's one application, any for a reviewer. */
function reaches(user: AuthUser, row: ApplicationRow): boolean {
  if (isGuest(user)) return row.id === user.guest.application_id;
  return !isCreatorRole(user) || row.created_by === user.id;
}

/**
 * onRequest, after requireUser, for the routes whose access rule needs an application the body
 * or query names (verification, uploads, file links): a designation that takes no part in
 * applications is refused (403) before the body is read or validated, as refusalBeforeLookup
 * would refuse it later; whose application it is is checked by the route once the input is valid.
 */
export async function requireApplicationRole(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  return request.user && mayUseApplications(request.user) ? undefined : refuseFor(request)(reply, 403, NOT_ALLOWED_HERE);
}

type Reader = Pick<Db, 'select'>;

/** The refusal known before any lookup: a designation that takes no part, an id that cannot exist. */
export function refusalBeforeLookup(user: AuthUser, id: string): Extract<Access, { ok: false }> | null {
  if (!mayUseApplications(user)) return denied(403, NOT_ALLOWED_HERE);
  if (!PATTERNS.applicationId.test(id)) return denied(404, APPLICATION_NOT_FOUND);
  return null;
}

/** The policy's answer for an application row, the caller and an action (no ownership check). */
export function policyRefusal(
  user: Caller,
  row: Pick<ApplicationRow, 'status' | 'data'>,
  action: PolicyAction,
): Extract<Access, { ok: false }> | null {
  const state = policyStateOf(row.status, row.data);
  if (!state) return denied(409, `Unknown application status ${row.status}`);
  const answer = askPolicy(user, state, action);
  return answer.ok ? null : denied(answer.status, byEnglish(answer.message));
}

/**
 * The access a user has to an application row of the tenant (undefined: none such) for an action.
 * `statusLater`: only ownership and the designation are checked here (404, 403); the service
 * asks statusRefusal at the point its answer is due (after a replay is recognised, for example).
 */
export function accessTo(user: AuthUser, row: ApplicationRow | undefined, action: PolicyAction, statusLater = false): Access {
  if (!row || !reaches(user, row)) return denied(404, APPLICATION_NOT_FOUND);
  const refusal = policyRefusal(user, row, action);
  if (refusal && !(statusLater && refusal.status === 409)) return refusal;
  return { ok: true, application: row };
}

/** The 409 of an action the application's state does not allow (after accessTo with statusLater). */
export const statusRefusal = (user: AuthUser, row: ApplicationRow, action: PolicyAction) => policyRefusal(user, row, action);

/** Loads an application of the caller's tenant for an action, with the refusal to answer otherwise. */
export async function loadApplicationFor(
  db: Reader,
  tenant: Tenant,
  user: AuthUser,
  id: string,
  action: PolicyAction,
  forUpdate = false,
  statusLater = false,
): Promise<Access> {
  const refusal = refusalBeforeLookup(user, id);
  if (refusal) return refusal;
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return accessTo(user, row, action, statusLater);
}

/** The `stage` column with a stage appended once (spec 02 §4), in the order stages were first reached. */
export const withStage = (stage: string | SQLWrapper) => {
  const added = sql`jsonb_build_array(${stage}::text)`;
  return sql`case when ${applications.stage} @> ${added} then ${applications.stage} else ${applications.stage} || ${added} end`;
};

/** Appends a stage to an application (see withStage). */
export async function addStage(db: Pick<Db, 'update'>, tenant: Tenant, id: string, stage: string, now: number): Promise<void> {
  await db
    .update(applications)
    .set({ stage: withStage(stage), updated_at: new Date(now) })
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
}

/**
 * preValidation of a write that names its application in the path (`/:id/...`): the policy's
 * answer (404 another officer's, 403 a designation, 409 a state) comes before anything about the
 * body, as the services answered it when they parsed the body themselves; the route schema then
 * validates the body, so the service receives it parsed, and checks again under its lock.
 * `statusLater`: the state's 409 is the service's to answer, once the body says what is asked
 * (PATCH /:id: a review move is asked of the policy as `review-move`, anything else as its action).
 */
export function accessBeforeBody(action: PolicyAction, statusLater = false) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const id = (request.params as { id?: unknown }).id;
    const { db } = request.server;
    const access = await loadApplicationFor(db, request.tenant, request.user!, String(id ?? ''), action, false, statusLater);
    return access.ok ? undefined : refuseWith(request, reply, access);
  };
}
