import { sql, type SQL } from 'drizzle-orm';
import { startOfDayInIndia } from '../../../domain';
import { AGE_BUCKET_DAYS, type FunnelStage, type InsightFigure, type InsightQueue } from '../../../domain/ops/insights';
import { QUEUE_PREDICATES } from '../../db/application-queues';
import { applicationEvents, applicationMilestones as m, applications } from '../../db/schema';

/**
 * The SQL of the dashboard's figures (issue 36), shared by the insights queries and the
 * applications list (a figure opens the applications behind it). Days are India's: a range runs
 * from `from` 00:00 to the end of `to`, Asia/Kolkata.
 */
export const rangeStart = (from: string) => startOfDayInIndia(from).toDate();
export const rangeEnd = (to: string) => startOfDayInIndia(to).add(1, 'day').toDate();

export const MILESTONE_COLUMN: Record<Exclude<FunnelStage, 'CREATED'>, typeof m.left_draft_at> = {
  LEFT_DRAFT: m.left_draft_at,
  PD1_COMPLETE: m.pd1_complete_at,
  PD2_COMPLETE: m.pd2_complete_at,
  APPROVED: m.approved_at,
  AGREEMENT_SIGNED: m.agreement_signed_at,
  DISBURSAL_READY: m.disbursal_ready_at,
  DISBURSED: m.disbursed_at,
};

/** Whole days since the last move at `now`, and the bounds of a bucket on applications.moved_at. */
function waitedCondition(bucket: keyof typeof AGE_BUCKET_DAYS, now: number): SQL {
  const { min, max } = AGE_BUCKET_DAYS[bucket];
  // waited ≥ min days ⇔ moved_at ≤ now − min days; waited < max + 1 days ⇔ moved_at > now − (max + 1) days.
  const upper = sql`${applications.moved_at} <= ${new Date(now - min * 86_400_000)}`;
  return max === null ? upper : sql`${upper} and ${applications.moved_at} > ${new Date(now - (max + 1) * 86_400_000)}`;
}

export const queuePredicate = (queue: InsightQueue) => sql.raw(QUEUE_PREDICATES[queue]);

export type FigureScope = { figure: InsightFigure; from: string | null; to: string | null; officer: number | null };

/**
 * The applications of one figure, as a condition on `applications` (the list's query): an EXISTS
 * over the application's milestones (or, for a deviation decision, its history), by the primary
 * key; a wait, on the application's own moved_at.
 */
export function figureCondition(scope: FigureScope, now: number): SQL {
  const f = scope.figure;
  const own = sql`${m.tenant_id} = ${applications.tenant_id} and ${m.application_id} = ${applications.id}`;
  const inRange =
    scope.from && scope.to ? sql` and ${m.created_at} >= ${rangeStart(scope.from)} and ${m.created_at} < ${rangeEnd(scope.to)}` : sql``;
  const officer = scope.officer === null ? sql`` : sql` and ${applications.created_by} = ${scope.officer}`;
  const milestone = (extra: SQL) => sql`exists (select 1 from ${m} where ${own}${inRange} and ${extra})${officer}`;
  switch (f.kind) {
    case 'created':
      return milestone(sql`true`);
    case 'reached':
      return milestone(sql`${MILESTONE_COLUMN[f.stage]} is not null`);
    case 'cancelled':
      return milestone(sql`${m.cancelled_at} is not null`);
    case 'rejected':
      return milestone(sql`${m.rejected_by} = ${f.reason}`);
    case 'sent_back':
      return milestone(sql`${m.sent_back} > 0`);
    case 'waiting':
      return sql`${queuePredicate(f.queue)} and ${waitedCondition(f.bucket, now)}${officer}`;
    case 'deviation': {
      const e = applicationEvents;
      const when = scope.from && scope.to ? sql` and ${e.at} >= ${rangeStart(scope.from)} and ${e.at} < ${rangeEnd(scope.to)}` : sql``;
      return sql`exists (select 1 from ${e} where ${e.tenant_id} = ${applications.tenant_id} and ${e.application_id} = ${applications.id}
        and ${e.action} = ${f.decision === 'APPROVED' ? 'DEVIATION_APPROVED' : 'DEVIATION_REJECTED'} and ${e.detail}->>'type' = ${f.type}${when})${officer}`;
    }
  }
}
