import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import { loadApplicationFor, policyRefusal, APPLICATION_NOT_FOUND } from '../../kernels/access';
import type { AuthUser } from '../../types';
import { recordEvent } from '../../kernels/history';
import { revokeGuestTokens, selfApplyUser } from '../auth/guest-session.service';
import type { Clock } from '../../clock';
import { said } from '../../kernels/messages';

export const SELF_APPLY_MSG = {
  submitted: said('selfApply.submitted'),
  missingStages: (stages: string[]) => said('selfApply.missingStages', { stages: stages.join(', ') }),
  notSubmitted: said('selfApply.notSubmitted'),
  takenOver: said('selfApply.takenOver'),
  tookOver: said('selfApply.tookOver'),
} as const;

/** What the borrower must have sent before the branch gets the application (the public steps). */
const REQUIRED_STAGES = ['BORROWER_INFO', 'BORROWER_BASIC_INFO'] as const;

type Deps = { db: Db; clock: Clock };

/** The guest sends its application to the branch: marked submitted (the token reads only from now), in the history. */
export async function submitSelfApplication(
  deps: Deps,
  tenant: Tenant,
  guest: AuthUser,
  id: string,
): Promise<Outcome<{ tracker_id: string | null }>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const access = await loadApplicationFor(tx, tenant, guest, id, 'change-step', true);
    if (!access.ok) return access;
    const missing = REQUIRED_STAGES.filter((stage) => !access.application.stage.includes(stage));
    if (missing.length > 0) return refuse(409, SELF_APPLY_MSG.missingStages(missing));
    const at = new Date(now);
    await tx
      .update(applications)
      .set({ data: sql`${applications.data} || ${JSON.stringify({ self_submitted_at: at.toISOString() })}::jsonb`, updated_at: at })
      .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
    await recordEvent(tx, { tenant, applicationId: id, at: now, actorId: guest.id, action: 'SELF_SUBMITTED', from: 'DRAFT', to: 'DRAFT' });
    return accept({ tracker_id: access.application.tracker_id });
  });
}

/**
 * An officer takes a submitted self-application over: becomes its officer, the guest tokens end,
 * the history says who and when. The row is locked, so of two officers at once one wins and the
 * other is told 409.
 */
export async function takeOverApplication(
  deps: Deps,
  tenant: Tenant,
  officer: AuthUser,
  id: string,
): Promise<Outcome<{ application_id: string }>> {
  const now = deps.clock.now();
  const self = await selfApplyUser(deps.db, tenant);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)))
      .for('update');
    // Not a self-application at all: as another officer's, not revealed.
    if (!row || (row.created_by !== self.id && row.data.taken_over_by === undefined)) return refuse(404, APPLICATION_NOT_FOUND);
    if (row.created_by !== self.id) return refuse(409, SELF_APPLY_MSG.takenOver);
    if (typeof row.data.self_submitted_at !== 'string') return refuse(409, SELF_APPLY_MSG.notSubmitted);
    const refusal = policyRefusal(officer, row, 'take-over');
    if (refusal) return refusal;
    const at = new Date(now);
    const data = { taken_over_by: officer.id, taken_over_at: at.toISOString() };
    await tx
      .update(applications)
      .set({ created_by: officer.id, data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb`, updated_at: at })
      .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
    await revokeGuestTokens(tx, tenant, id, now);
    await recordEvent(tx, {
      tenant,
      applicationId: id,
      at: now,
      actorId: officer.id,
      action: 'TAKEN_OVER',
      from: row.status,
      to: row.status,
    });
    return accept({ application_id: id });
  });
}

export type SelfAppliedItem = {
  id: string;
  tracker_id: string | null;
  name: string | null;
  phone: string | null;
  submitted_at: string;
  loan_type: string | null;
};

/** The branch's "Self-applied" list: the tenant's submitted self-applications no officer has taken yet, newest first. */
export async function listSelfApplied(db: Db, tenant: Tenant): Promise<SelfAppliedItem[]> {
  const self = await selfApplyUser(db, tenant);
  const rows = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.created_by, self.id), sql`${applications.data} ? 'self_submitted_at'`))
    .orderBy(desc(applications.updated_at))
    .limit(100);
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return rows.map((row) => ({
    id: row.id,
    tracker_id: row.tracker_id,
    name: str(row.data.name),
    phone: row.phone,
    submitted_at: String(row.data.self_submitted_at),
    loan_type: str(row.data.loan_type),
  }));
}
