import * as z from 'zod/mini';
import { isoDaysBetween, parseIsoDate } from '../shared/dates';
import {
  AGE_BUCKETS,
  DEVIATION_DECISIONS,
  FUNNEL_STAGES,
  INSIGHT_QUEUES,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_MSG,
  REJECTION_REASONS,
  formatFigure,
  type AgeBucket,
  type FunnelStage,
  type InsightFigure,
} from './insight-figure';

export * from './insight-figure';

/**
 * The branch pipeline dashboard (issue 36, docs/insights.md): what GET /api/v1/insights takes and
 * answers, and the filters that open the applications behind each figure in the applications
 * list (`figure`, `from`, `to`, `officer` of GET /api/v1/app/mfi).
 */

/** Turnaround: each stage from the milestone that starts it to the one that ends it. */
export const TURNAROUND_STAGES = [
  { stage: 'DRAFT', start: 'CREATED', end: 'PD1_COMPLETE' },
  { stage: 'PD1', start: 'PD1_COMPLETE', end: 'PD2_COMPLETE' },
  { stage: 'PD2', start: 'PD2_COMPLETE', end: 'APPROVED' },
  { stage: 'AGREEMENT', start: 'APPROVED', end: 'AGREEMENT_SIGNED' },
  { stage: 'DISBURSAL', start: 'AGREEMENT_SIGNED', end: 'DISBURSED' },
] as const satisfies readonly { stage: string; start: FunnelStage; end: FunnelStage }[];
export type TurnaroundStage = (typeof TURNAROUND_STAGES)[number]['stage'];

/** Whole days waited (since the last status move) → its bucket's bounds, inclusive. */
export const AGE_BUCKET_DAYS: Record<AgeBucket, { min: number; max: number | null }> = {
  '0-1': { min: 0, max: 1 },
  '2-3': { min: 2, max: 3 },
  '4-7': { min: 4, max: 7 },
  '8+': { min: 8, max: null },
};
export const ageBucketOf = (days: number): AgeBucket => AGE_BUCKETS.find((b) => days <= (AGE_BUCKET_DAYS[b].max ?? Infinity))!;

const day = (message: string) =>
  z.string(message).check(
    z.maxLength(10, message),
    z.refine((v) => parseIsoDate(v) !== null, message),
  );
const officer = z.optional(
  z
    .string(INSIGHTS_MSG.invalidOfficer)
    .check(z.maxLength(9, INSIGHTS_MSG.invalidOfficer), z.regex(/^[1-9][0-9]{0,8}$/, INSIGHTS_MSG.invalidOfficer)),
);

const rangeOk = (q: { from: string; to: string }) => {
  const days = isoDaysBetween(q.from, q.to);
  return days >= 0 && days < INSIGHTS_MAX_DAYS;
};

export const insightsQuerySchema = z
  .object({ from: day(INSIGHTS_MSG.invalidFrom), to: day(INSIGHTS_MSG.invalidTo), officer })
  .check(z.refine(rangeOk, INSIGHTS_MSG.invalidRange));
export type InsightsQueryInput = z.infer<typeof insightsQuerySchema>;

export const insightsExportQuerySchema = z
  .object({
    from: day(INSIGHTS_MSG.invalidFrom),
    to: day(INSIGHTS_MSG.invalidTo),
    officer,
    format: z.enum(['xlsx', 'csv'], INSIGHTS_MSG.invalidFormat),
  })
  .check(z.refine(rangeOk, INSIGHTS_MSG.invalidRange));

export type InsightsQuery = { from: string; to: string; officer: number | null };
export const insightsQueryOf = (raw: { from: string; to: string; officer?: string | undefined }): InsightsQuery => ({
  from: raw.from,
  to: raw.to,
  officer: raw.officer ? Number(raw.officer) : null,
});

/** The applications list's query (GET /api/v1/app/mfi and #/applications) that shows a figure's applications. */
const figureFilterSchema = z.object({
  figure: z.string(),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
  officer: z.optional(z.string()),
  queue: z.literal('all'),
});
export type FigureFilter = z.infer<typeof figureFilterSchema>;

export function figureFilter(f: InsightFigure, q: InsightsQuery): FigureFilter {
  const filter: FigureFilter = { figure: formatFigure(f), queue: 'all' };
  if (f.kind !== 'waiting') Object.assign(filter, { from: q.from, to: q.to });
  if (q.officer !== null) filter.officer = String(q.officer);
  return filter;
}

const count = z.number();
const hours = z.nullable(z.number());
const turnaroundStage = z.enum(TURNAROUND_STAGES.map((t) => t.stage) as [TurnaroundStage, ...TurnaroundStage[]]);
const funnelFigureSchema = z.object({
  stage: z.enum(FUNNEL_STAGES),
  count,
  conversion: z.nullable(z.number()),
  filter: figureFilterSchema,
});
const turnaroundFigureSchema = z.object({ stage: turnaroundStage, count, p50_hours: hours, p90_hours: hours, filter: figureFilterSchema });
const ageingFigureSchema = z.object({
  queue: z.enum(INSIGHT_QUEUES),
  buckets: z.array(z.object({ bucket: z.enum(AGE_BUCKETS), count, filter: figureFilterSchema })),
});
const officerFigureSchema = z.object({
  id: z.number(),
  name: z.string(),
  captured: count,
  sent_back: count,
  approved: count,
  rejected: count,
  /** approved ÷ decided (approved or rejected); null before any decision. */
  approval_rate: z.nullable(z.number()),
  filters: z.object({ captured: figureFilterSchema, sent_back: figureFilterSchema, approved: figureFilterSchema }),
});
export type FunnelFigure = z.infer<typeof funnelFigureSchema>;
export type TurnaroundFigure = z.infer<typeof turnaroundFigureSchema>;

/** What GET /api/v1/insights answers: the figures of the range, each with the filter of its applications. */
export const insightsSchema = z.object({
  tenant: z.object({ key: z.string(), name: z.string() }),
  range: z.object({ from: z.string(), to: z.string(), officer: z.nullable(z.object({ id: z.number(), name: z.string() })) }),
  generated_at: z.string(),
  funnel: z.array(funnelFigureSchema),
  cancelled: z.object({ count, filter: figureFilterSchema }),
  turnaround: z.object({ stages: z.array(turnaroundFigureSchema), longest: z.nullable(turnaroundStage) }),
  ageing: z.array(ageingFigureSchema),
  rejections: z.array(z.object({ reason: z.enum(REJECTION_REASONS), count, filter: figureFilterSchema })),
  deviations: z.array(z.object({ type: z.string(), decision: z.enum(DEVIATION_DECISIONS), count, filter: figureFilterSchema })),
  officers: z.array(officerFigureSchema),
});
export type Insights = z.infer<typeof insightsSchema>;

/** The middle of a sorted list's p-th quantile, as PostgreSQL's percentile_cont (linear between neighbours). */
export function percentileCont(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
