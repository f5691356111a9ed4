import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  INSIGHT_QUEUES,
  TURNAROUND_STAGES,
  type AgeBucket,
  type FunnelStage,
  type InsightQueue,
  type InsightsQuery,
} from '../../../domain/insights';
import { isoDaysBetween, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applicationEvents as e, applicationMilestones as m, applications as a, tenants, users } from '../../db/schema';
import { MILESTONE_COLUMN, queuePredicate, rangeEnd, rangeStart } from '../../shared/insight-figures';

/**
 * The dashboard's SQL (issue 36): the funnel, turnaround, rejections and officers over the
 * milestones of the applications created in the range (one narrow row each, by
 * application_milestones_created_idx or _officer_created_idx), the ageing over the queues' partial
 * indexes, the deviation decisions of the range by application_events_deviation_idx.
 */

/** The working calendar (insights.service.ts workingCalendar): `before[i]` working days before day i from `start`. */
export type Calendar = { start: string; before: number[] };

const column = (stage: FunnelStage) => (stage === 'CREATED' ? m.created_at : MILESTONE_COLUMN[stage]);

/**
 * Seconds of working days from the calendar's start to a moment (null stays null), over `cal`
 * (b: working days before each day, s: the start's day number, n: the last index). India keeps one
 * offset all year (+05:30, no daylight saving), so a local day is plain arithmetic on the epoch:
 * no time-zone lookup per row.
 */
function workingSeconds(moment: SQLWrapper): SQL {
  const local = sql`(date_part('epoch', ${moment}) + 19800)`;
  const day = sql`floor(${local} / 86400)`;
  const k = sql`least(greatest(${day}::int - cal.s, 0), cal.n)`;
  return sql`(cal.b[${k} + 1]::float8 * 86400 + (cal.b[${k} + 2] - cal.b[${k} + 1]) * (${local} - ${day} * 86400))`;
}

function cohortWhere(tenant: Tenant, q: InsightsQuery): SQL {
  const officer = q.officer === null ? sql`` : sql` and ${m.created_by} = ${q.officer}`;
  return sql`${m.tenant_id} = ${tenant}${officer} and ${m.created_at} >= ${rangeStart(q.from)} and ${m.created_at} < ${rangeEnd(q.to)}`;
}

/** The calendar as a one-row CTE, computed once (inlined, each use of cal.b would parse the array again). */
const calendarOf = (cal: Calendar) =>
  sql`cal as materialized (select ${`{${cal.before.join(',')}}`}::int[] as b,
    ${isoDaysBetween('1970-01-01', cal.start)}::int as s, ${cal.before.length - 2}::int as n)`;

/** OFFSET 0 keeps the cohort a subquery of its own: pulled up, each duration would be computed once per aggregate using it. */
export type CohortRow = Record<string, unknown>;

/** One row: each funnel count, the rejections by reason, and per turnaround stage its count, p50 and p90 in working hours. */
export function cohortQuery(db: Db, tenant: Tenant, q: InsightsQuery, cal: Calendar) {
  // Each milestone's working seconds once (w_<stage>), then each stage's duration from two of them.
  const timed = [...new Set(TURNAROUND_STAGES.flatMap((t) => [t.start, t.end]))];
  const stamps = timed.map((stage) => sql`${workingSeconds(column(stage))} as ${sql.raw(`w_${stage.toLowerCase()}`)}`);
  const durations = TURNAROUND_STAGES.map((t, i) => sql.raw(`(w_${t.end.toLowerCase()} - w_${t.start.toLowerCase()}) / 3600.0 as d${i}`));
  const turnaround = TURNAROUND_STAGES.map((_, i) => {
    const d = sql.raw(`d${i}`);
    return sql`count(${d})::int as n${sql.raw(String(i))},
      (percentile_cont(array[0.5, 0.9]) within group (order by ${d}))::float8[] as p_${sql.raw(String(i))}`;
  });
  // Each stage's two percentiles from one sort, then apart (an array's wire form differs between drivers).
  const apart = TURNAROUND_STAGES.map((_, i) => sql.raw(`agg.p_${i}[1]::float8 as p50_${i}, agg.p_${i}[2]::float8 as p90_${i}`));
  return db.execute<CohortRow>(sql`
    with ${calendarOf(cal)}
    select agg.*, ${sql.join(apart, sql`, `)} from (
    select count(*)::int as created,
      count(left_draft_at)::int as left_draft, count(pd1_complete_at)::int as pd1_complete,
      count(pd2_complete_at)::int as pd2_complete, count(approved_at)::int as approved,
      count(agreement_signed_at)::int as agreement_signed, count(disbursal_ready_at)::int as disbursal_ready,
      count(disbursed_at)::int as disbursed, count(cancelled_at)::int as cancelled,
      count(*) filter (where rejected_by = 'BUREAU')::int as rejected_bureau,
      count(*) filter (where rejected_by = 'BRE')::int as rejected_bre,
      count(*) filter (where rejected_by = 'REVIEWER')::int as rejected_reviewer,
      ${sql.join(turnaround, sql`, `)}
    from (
      select *, ${sql.join(durations, sql`, `)}
      from (
        select ${m.left_draft_at}, ${m.pd1_complete_at}, ${m.pd2_complete_at}, ${m.approved_at}, ${m.agreement_signed_at},
          ${m.disbursal_ready_at}, ${m.disbursed_at}, ${m.cancelled_at}, ${m.rejected_by}, ${sql.join(stamps, sql`, `)}
        from ${m}, cal
        where ${cohortWhere(tenant, q)}
        offset 0
      ) stamped
      offset 0
    ) cohort
    ) agg`);
}

export type OfficerRow = {
  id: number;
  first_name: string;
  last_name: string;
  captured: number;
  sent_back: number;
  approved: number;
  rejected: number;
};

/** Per officer (the creator) of the cohort: captured, sent back at least once, approved, rejected. */
export function officersQuery(db: Db, tenant: Tenant, q: InsightsQuery) {
  return db.execute<OfficerRow>(sql`
    select c.created_by as id, coalesce(u.first_name, '') as first_name, coalesce(u.last_name, '') as last_name,
      c.captured, c.sent_back, c.approved, c.rejected
    from (
      select ${m.created_by} as created_by, count(*)::int as captured, count(*) filter (where ${m.sent_back} > 0)::int as sent_back,
        count(${m.approved_at})::int as approved, count(${m.rejected_at})::int as rejected
      from ${m} where ${cohortWhere(tenant, q)} group by ${m.created_by}
    ) c
    left join ${users} u on u.tenant_id = ${tenant} and u.id = c.created_by
    order by c.captured desc, c.created_by`);
}

export type AgeingRow = { queue: InsightQueue; bucket: AgeBucket; n: number };

/** What waits now in each queue (application-queues.ts), by whole days since its last move. */
export function ageingQuery(db: Db, tenant: Tenant, officer: number | null, now: number) {
  const days = sql`floor(extract(epoch from (${new Date(now)}::timestamptz - w.moved_at)) / 86400)`;
  const bucket = sql`case when ${days} <= 1 then '0-1' when ${days} <= 3 then '2-3' when ${days} <= 7 then '4-7' else '8+' end`;
  const own = officer === null ? sql`` : sql` and ${a.created_by} = ${officer}`;
  const parts = INSIGHT_QUEUES.map(
    (queue) => sql`
      select ${queue}::text as queue, ${bucket} as bucket, count(*)::int as n
      from ${a}
      -- By the primary key, one row each (LIMIT keeps it a nested loop: hashed, all of the tenant's milestones would be read).
      cross join lateral (select ${m.moved_at} as moved_at from ${m} where ${m.tenant_id} = ${a.tenant_id} and ${m.application_id} = ${a.id} limit 1) w
      where ${a.tenant_id} = ${tenant}${own} and ${queuePredicate(queue)}
      group by 2`,
  );
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

export async function holidaysOf(db: Db, tenant: Tenant): Promise<string[]> {
  const rows = await db.execute<{ holidays: string[] }>(
    sql`select ${tenants.holidays} as holidays from ${tenants} where ${tenants.key} = ${tenant}`,
  );
  return rows.rows[0]?.holidays ?? [];
}

export async function officerNameOf(db: Db, tenant: Tenant, id: number): Promise<string | null> {
  const rows = await db.execute<{ name: string }>(
    sql`select trim(${users.first_name} || ' ' || ${users.last_name}) as name from ${users} where ${users.tenant_id} = ${tenant} and ${users.id} = ${id}`,
  );
  return rows.rows[0]?.name ?? null;
}
