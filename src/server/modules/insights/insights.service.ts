import {
  AGE_BUCKETS,
  FUNNEL_STAGES,
  INSIGHT_QUEUES,
  REJECTION_REASONS,
  TURNAROUND_STAGES,
  figureFilter,
  workingDaysBefore,
  type FunnelFigure,
  type Insights,
  type InsightsQuery,
  type TurnaroundFigure,
} from '../../../domain/insights';
import { inIndia, isDayOff, isoDaysBetween, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import {
  ageingQuery,
  cohortQuery,
  deviationsQuery,
  holidaysOf,
  officerNameOf,
  officersQuery,
  tenantNameOf,
  type Calendar,
} from './insights.queries';

const FUNNEL_KEY: Record<(typeof FUNNEL_STAGES)[number], string> = {
  CREATED: 'created',
  LEFT_DRAFT: 'left_draft',
  PD1_COMPLETE: 'pd1_complete',
  PD2_COMPLETE: 'pd2_complete',
  APPROVED: 'approved',
  AGREEMENT_SIGNED: 'agreement_signed',
  DISBURSAL_READY: 'disbursal_ready',
  DISBURSED: 'disbursed',
};

/** The calendar from the range's first day to tomorrow (every milestone of the cohort is in it). */
export function workingCalendar(from: string, now: number, holidays: readonly string[]): Calendar {
  const days = Math.max(isoDaysBetween(from, inIndia(now).format('YYYY-MM-DD')) + 2, 1);
  return { start: from, before: workingDaysBefore(from, days, (iso) => isDayOff(iso, holidays)) };
}

const round = (n: number | null | undefined, places = 2) => (n === null || n === undefined ? null : Number(Number(n).toFixed(places)));

/** GET /api/v1/insights: the figures of the range (and officer), each with the filter of its applications. */
export async function insightsOf(db: Db, tenant: Tenant, q: InsightsQuery, now: number): Promise<Insights> {
  const holidays = await holidaysOf(db, tenant);
  const cal = workingCalendar(q.from, now, holidays);
  const [cohort, officers, ageing, deviations, tenantName, officerName] = await Promise.all([
    cohortQuery(db, tenant, q, cal),
    officersQuery(db, tenant, q),
    ageingQuery(db, tenant, q.officer, now),
    deviationsQuery(db, tenant, q),
    tenantNameOf(db, tenant),
    q.officer === null ? null : officerNameOf(db, tenant, q.officer),
  ]);
  const c = cohort.rows[0] ?? {};
  const num = (key: string) => Number(c[key] ?? 0);

  const funnel = FUNNEL_STAGES.map((stage, i): FunnelFigure => {
    const count = num(FUNNEL_KEY[stage]);
    const previous = i === 0 ? null : num(FUNNEL_KEY[FUNNEL_STAGES[i - 1]!]);
    return {
      stage,
      count,
      conversion: previous ? round(count / previous, 4) : null,
      filter: figureFilter(stage === 'CREATED' ? { kind: 'created' } : { kind: 'reached', stage }, q),
    };
  });

  const stages = TURNAROUND_STAGES.map((t, i): TurnaroundFigure => ({
    stage: t.stage,
    count: num(`n${i}`),
    p50_hours: round(c[`p50_${i}`] as number | null),
    p90_hours: round(c[`p90_${i}`] as number | null),
    filter: figureFilter({ kind: 'reached', stage: t.end }, q),
  }));
  // The longest: the highest median, then the highest p90.
  const timed = stages.filter((s) => s.p50_hours !== null);
  const longest = timed.reduce<TurnaroundFigure | null>(
    (best, s) => (!best || s.p50_hours! > best.p50_hours! || (s.p50_hours === best.p50_hours && s.p90_hours! > best.p90_hours!) ? s : best),
    null,
  );

  const waiting = new Map(ageing.rows.map((r) => [`${r.queue}:${r.bucket}`, Number(r.n)]));
  return {
    tenant: { key: tenant, name: tenantName },
    range: { from: q.from, to: q.to, officer: q.officer === null ? null : { id: q.officer, name: officerName ?? '' } },
    generated_at: new Date(now).toISOString(),
    funnel,
    cancelled: { count: num('cancelled'), filter: figureFilter({ kind: 'cancelled' }, q) },
    turnaround: { stages, longest: longest?.stage ?? null },
    ageing: INSIGHT_QUEUES.map((queue) => ({
      queue,
      buckets: AGE_BUCKETS.map((bucket) => ({
        bucket,
        count: waiting.get(`${queue}:${bucket}`) ?? 0,
        filter: figureFilter({ kind: 'waiting', queue, bucket }, q),
      })),
    })),
    rejections: REJECTION_REASONS.map((reason) => ({
      reason,
      count: num(`rejected_${reason.toLowerCase()}`),
      filter: figureFilter({ kind: 'rejected', reason }, q),
    })),
    deviations: deviations.rows.map((r) => {
      const decision = r.action === 'DEVIATION_APPROVED' ? 'APPROVED' : 'REJECTED';
      return { type: r.type, decision, count: Number(r.n), filter: figureFilter({ kind: 'deviation', type: r.type, decision }, q) };
    }),
    officers: officers.rows.map((r) => {
      const decided = Number(r.approved) + Number(r.rejected);
      const scoped = { ...q, officer: Number(r.id) };
      return {
        id: Number(r.id),
        name: `${r.first_name} ${r.last_name}`.trim(),
        captured: Number(r.captured),
        sent_back: Number(r.sent_back),
        approved: Number(r.approved),
        rejected: Number(r.rejected),
        approval_rate: decided === 0 ? null : round(Number(r.approved) / decided, 4),
        filters: {
          captured: figureFilter({ kind: 'created' }, scoped),
          sent_back: figureFilter({ kind: 'sent_back' }, scoped),
          approved: figureFilter({ kind: 'reached', stage: 'APPROVED' }, scoped),
        },
      };
    }),
  };
}
