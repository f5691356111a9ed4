import { sql, type SQL } from 'drizzle-orm';
import { INSIGHT_QUEUES, type AgeBucket, type InsightQueue, type InsightsQuery } from '../../../domain/ops/insights';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import {
  applicationCohortCounts as c,
  applicationCounts as counts,
  applicationEvents as e,
  applicationMilestones as m,
  applications as a,
  tenants,
  users,
} from '../../db/schema';
import { COUNT_QUEUE_PREDICATES } from '../../db/application-queues';
import { queuePredicate, rangeEnd, rangeStart } from '../../kernels/insights';

/**
 * The dashboard's SQL (issue 36), over what triggers keep (migration insights_rollups): the funnel,
 * rejections and officers from application_cohort_counts (a row per creator and day of creation),
 * the turnaround from each milestones row's stored working seconds (by
 * application_milestones_created_idx or _officer_created_idx), the ageing from each queue's partial
 * index on applications.moved_at and application_counts, the deviation decisions of the range by
 * application_events_deviation_idx.
 */

export type CountsRow = {
  id: number;
  first_name: string;
  last_name: string;
  created: number;
  left_draft: number;
  pd1_complete: number;
  pd2_complete: number;
  approved: number;
  agreement_signed: number;
  disbursal_ready: number;
  disbursed: number;
  cancelled: number;
  rejected_bureau: number;
  rejected_bre: number;
  rejected_reviewer: number;
  sent_back: number;
};

/** Per officer (the creator) of the applications created in the range: each milestone's count; the funnel is their sum. */
export function countsQuery(db: Db, tenant: Tenant, q: InsightsQuery) {
  const officer = q.officer === null ? sql`` : sql` and ${c.created_by} = ${q.officer}`;
  const sums = (
    [
      'created',
      'left_draft',
      'pd1_complete',
      'pd2_complete',
      'approved',
      'agreement_signed',
      'disbursal_ready',
      'disbursed',
      'cancelled',
      'rejected_bureau',
      'rejected_bre',
      'rejected_reviewer',
      'sent_back',
    ] as const
  ).map((k) => sql`sum(${c[k]})::int as ${sql.raw(k)}`);
  return db.execute<CountsRow>(sql`
    select s.*, coalesce(u.first_name, '') as first_name, coalesce(u.last_name, '') as last_name
    from (
      select ${c.created_by} as id, ${sql.join(sums, sql`, `)}
      from ${c}
      where ${c.tenant_id} = ${tenant} and ${c.day} >= ${q.from} and ${c.day} <= ${q.to}${officer}
      group by ${c.created_by} having sum(${c.created}) > 0
    ) s
    left join ${users} u on u.tenant_id = ${tenant} and u.id = s.id
    order by s.created desc, s.id`);
}

const STAGE_SECONDS = [m.draft_seconds, m.pd1_seconds, m.pd2_seconds, m.agreement_seconds, m.disbursal_seconds] as const;

export type TurnaroundRow = Record<`n${number}` | `p50_${number}` | `p90_${number}`, number | null>;

/**
 * Per turnaround stage (TURNAROUND_STAGES, in order) over the applications created in the range:
 * how many reached its end (n<i>), p50 and p90 in working hours, from the stored seconds (an
 * index-only scan of application_milestones_created_idx for the branch).
 */
export function turnaroundQuery(db: Db, tenant: Tenant, q: InsightsQuery) {
  const officer = q.officer === null ? sql`` : sql` and ${m.created_by} = ${q.officer}`;
  // Both percentiles of a stage from one sort, then apart (an array's wire form differs between drivers).
  const stages = STAGE_SECONDS.map(
    (seconds, i) => sql`count(${seconds})::int as ${sql.raw(`n${i}`)},
      percentile_cont(array[0.5, 0.9]) within group (order by ${seconds} / 3600.0) as ${sql.raw(`p${i}`)}`,
  );
  const apart = STAGE_SECONDS.map((_, i) => sql.raw(`n${i}, p${i}[1]::float8 as p50_${i}, p${i}[2]::float8 as p90_${i}`));
  return db.execute<TurnaroundRow>(sql`
    select ${sql.join(apart, sql`, `)} from (
      select ${sql.join(stages, sql`, `)}
      from ${m}
      where ${m.tenant_id} = ${tenant}${officer} and ${m.created_at} >= ${rangeStart(q.from)} and ${m.created_at} < ${rangeEnd(q.to)}
    ) t`);
}

export type AgeingRow = { queue: InsightQueue; bucket: AgeBucket | 'all'; n: number };

/**
 * What waits now in each queue (application-queues.ts), by whole days since its last move
 * (applications.moved_at): the waits of the last 8 days by bucket, a range of each queue's
 * partial index on moved_at; all of the queue's (the rest is 8+) from application_counts.
 */
export function ageingQuery(db: Db, tenant: Tenant, officer: number | null, now: number) {
  const days = sql`floor(extract(epoch from (${new Date(now)}::timestamptz - ${a.moved_at})) / 86400)`;
  const bucket: SQL = sql`case when ${days} <= 1 then '0-1' when ${days} <= 3 then '2-3' else '4-7' end`;
  const recent = new Date(now - 8 * 86_400_000);
  const own = officer === null ? sql`` : sql` and ${a.created_by} = ${officer}`;
  const ownCounts = officer === null ? sql`` : sql` and ${counts.created_by} = ${officer}`;
  const parts = INSIGHT_QUEUES.flatMap((queue) => [
    sql`
      select ${queue}::text as queue, ${bucket} as bucket, count(*)::int as n
      from ${a}
      where ${a.tenant_id} = ${tenant}${own} and ${queuePredicate(queue)} and ${a.moved_at} > ${recent}
      group by 2`,
    sql`
      select ${queue}::text as queue, 'all' as bucket, coalesce(sum(${counts.n}), 0)::int as n
      from ${counts}
      where ${counts.tenant_id} = ${tenant}${ownCounts} and ${sql.raw(COUNT_QUEUE_PREDICATES[queue])}`,
  ]);
  return db.execute<AgeingRow>(sql.join(parts, sql` union all `));
}

export type DeviationRow = { type: string; action: string; n: number };

/** The deviation decisions made in the range (on the officer's applications), by type and decision. */
export function deviationsQuery(db: Db, tenant: Tenant, q: InsightsQuery) {
  const own =
    q.officer === null
      ? sql``
      : sql` and exists (select 1 from ${a} where ${a.tenant_id} = ${e.tenant_id} and ${a.id} = ${e.application_id} and ${a.created_by} = ${q.officer})`;
  return db.execute<DeviationRow>(sql`
    select ${e.detail}->>'type' as type, ${e.action} as action, count(*)::int as n
    from ${e}
    where ${e.tenant_id} = ${tenant} and ${e.action} in ('DEVIATION_APPROVED', 'DEVIATION_REJECTED')
      and ${e.at} >= ${rangeStart(q.from)} and ${e.at} < ${rangeEnd(q.to)}${own}
    group by 1, 2 order by 1, 2`);
}

export async function tenantNameOf(db: Db, tenant: Tenant): Promise<string> {
  const rows = await db.execute<{ name: string }>(
    sql`select ${tenants.display_name} as name from ${tenants} where ${tenants.key} = ${tenant}`,
  );
  return rows.rows[0]?.name ?? tenant;
}

export async function officerNameOf(db: Db, tenant: Tenant, id: number): Promise<string | null> {
  const rows = await db.execute<{ name: string }>(
    sql`select trim(${users.first_name} || ' ' || ${users.last_name}) as name from ${users} where ${users.tenant_id} = ${tenant} and ${users.id} = ${id}`,
  );
  return rows.rows[0]?.name ?? null;
}
