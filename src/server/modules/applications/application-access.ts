import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { CREATOR_DESIGNATION, PATTERNS, type Designation, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { refuseFor } from '../../http/envelope';
import { applications, type ApplicationRow } from '../../db/schema';
import type { AuthUser } from '../../types';

export const APPLICATION_NOT_FOUND = 'Application not found';
export const NOT_ALLOWED_HERE = 'You are not allowed to do this.';

/**
 * Who may do what to an application (docs/application-api.md):
 * - `read`: its creating relationship officer, or any branch credit manager or branch manager
 *   of the tenant;
 * - `create-records`: only its creating relationship officer (the PD1 role creates);
 * - `edit`: its creator, or a branch credit manager or branch manager.
 * Another officer's application is 404, like another tenant's: its existence is not revealed.
 */
export type AccessMode = 'read' | 'create-records' | 'edit';

const REVIEWERS: readonly Designation[] = ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'];

export type Access = { ok: true; application: ApplicationRow } | { ok: false; status: 400 | 403 | 404; message: string };

export const isReviewer = (user: Pick<AuthUser, 'role' | 'mfi_employee'>) =>
  user.role === 'MFI_EMPLOYEE' && REVIEWERS.includes(user.mfi_employee as Designation);
export const isCreatorRole = (user: Pick<AuthUser, 'role' | 'mfi_employee'>) =>
  user.role === 'MFI_EMPLOYEE' && user.mfi_employee === CREATOR_DESIGNATION;

/** Whether the user's designation may take part at all (an AGENT or an unknown designation may not). */
export function mayUseApplications(user: Pick<AuthUser, 'role' | 'mfi_employee'>): boolean {
  return isReviewer(user) || isCreatorRole(user);
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
  if (!mayUseApplications(user)) return { ok: false, status: 403, message: NOT_ALLOWED_HERE };
  if (!PATTERNS.applicationId.test(id)) return { ok: false, status: 404, message: APPLICATION_NOT_FOUND };
  return null;
}

/** The access a user has to an application row of the tenant (undefined: none such), for a use. */
export function accessTo(user: AuthUser, row: ApplicationRow | undefined, mode: AccessMode): Access {
  const own = row !== undefined && row.created_by === user.id;
  if (!row || (isCreatorRole(user) && !own)) return { ok: false, status: 404, message: APPLICATION_NOT_FOUND };
  if (mode === 'create-records' && !own) return { ok: false, status: 403, message: NOT_ALLOWED_HERE };
  return { ok: true, application: row };
}

/** Loads an application of the caller's tenant for a use, with the refusal to answer otherwise. */
export async function loadApplicationFor(
  db: Reader,
  tenant: Tenant,
  user: AuthUser,
  id: string,
  mode: AccessMode,
  forUpdate = false,
): Promise<Access> {
  const refusal = refusalBeforeLookup(user, id);
  if (refusal) return refusal;
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return accessTo(user, row, mode);
}

/** The `stage` column with a stage appended once (spec 02 §4), in the order stages were first reached. */
export const withStage = (stage: string | Placeholder<string>) => {
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
