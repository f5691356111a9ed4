import {
  AGE_BUCKETS,
  FUNNEL_STAGES,
  INSIGHT_QUEUES,
  REJECTION_REASONS,
  TURNAROUND_STAGES,
  figureFilter,
  type FunnelFigure,
  type Insights,
  type InsightsQuery,
  type TurnaroundFigure,
} from '../../../domain/ops/insights';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import {
  ageingQuery,
  countsQuery,
  deviationsQuery,
  officerNameOf,
  tenantNameOf,
  turnaroundQuery,
  type CountsRow,
} from './insights.queries';

const FUNNEL_KEY: Record<(typeof FUNNEL_STAGES)[number], keyof CountsRow> = {
  CREATED: 'created',
  LEFT_DRAFT: 'left_draft',
  PD1_COMPLETE: 'pd1_complete',
  PD2_COMPLETE: 'pd2_complete',
  APPROVED: 'approved',
  AGREEMENT_SIGNED: 'agreement_signed',
  DISBURSAL_READY: 'disbursal_ready',
  DISBURSED: 'disbursed',
};

const round = (n: number | null | undefined, places = 2) => (n === null || n === undefined ? null : Number(Number(n).toFixed(places)));

/**
 * GET /api/v1/insights: the figures of the range (and officer), each with the filter of its
 * applications. The queries are independent: each on a connection of its own, at once.
 */
export async function insightsOf(db: Db, tenant: Tenant, q: InsightsQuery, now: number): Promise<Insights> {
  const [counts, turnaround, ageing, deviations, tenantName, officerName] = await Promise.all([
    countsQuery(db, tenant, q),
    turnaroundQuery(db, tenant, q),
    ageingQuery(db, tenant, q.officer, now),
    deviationsQuery(db, tenant, q),
    tenantNameOf(db, tenant),
    q.officer === null ? null : officerNameOf(db, tenant, q.officer),
  ]);
  const num = (key: keyof CountsRow) => counts.rows.reduce((sum, r) => sum + Number(r[key]), 0);

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

  const tat = turnaround.rows[0];
  const stages = TURNAROUND_STAGES.map((t, i): TurnaroundFigure => ({
    stage: t.stage,
    count: Number(tat?.[`n${i}`] ?? 0),
    p50_hours: round(tat?.[`p50_${i}`]),
    p90_hours: round(tat?.[`p90_${i}`]),
    filter: figureFilter({ kind: 'reached', stage: t.end }, q),
  }));
  // The longest: the highest median, then the highest p90.
  const timed = stages.filter((s) => s.p50_hours !== null);
  const longest = timed.reduce<TurnaroundFigure | null>(
    (best, s) => (!best || s.p50_hours! > best.p50_hours! || (s.p50_hours === best.p50_hours && s.p90_hours! > best.p90_hours!) ? s : best),
    null,
  );

  // The last 8 days by bucket; 8+ is the rest of the queue.
  const waiting = new Map(ageing.rows.map((r) => [`${r.queue}:${r.bucket}`, Number(r.n)]));
  const waited = (queue: string, bucket: string) =>
    bucket === '8+'
      ? (waiting.get(`${queue}:all`) ?? 0) - AGE_BUCKETS.slice(0, -1).reduce((sum, b) => sum + (waiting.get(`${queue}:${b}`) ?? 0), 0)
      : (waiting.get(`${queue}:${bucket}`) ?? 0);
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
        count: waited(queue, bucket),
        filter: figureFilter({ kind: 'waiting', queue, bucket }, q),
      })),
    })),
    rejections: REJECTION_REASONS.map((reason) => ({
      reason,
      count: num(`rejected_${reason.toLowerCase() as Lowercase<typeof reason>}`),
      filter: figureFilter({ kind: 'rejected', reason }, q),
    })),
    deviations: deviations.rows.map((r) => {
      const decision = r.action === 'DEVIATION_APPROVED' ? 'APPROVED' : 'REJECTED';
      return { type: r.type, decision, count: Number(r.n), filter: figureFilter({ kind: 'deviation', type: r.type, decision }, q) };
    }),
    officers: counts.rows.map((r) => {
      const rejected = Number(r.rejected_bureau) + Number(r.rejected_bre) + Number(r.rejected_reviewer);
      const decided = Number(r.approved) + rejected;
      const scoped = { ...q, officer: Number(r.id) };
      return {
        id: Number(r.id),
        name: `${r.first_name} ${r.last_name}`.trim(),
        captured: Number(r.created),
        sent_back: Number(r.sent_back),
        approved: Number(r.approved),
        rejected,
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
