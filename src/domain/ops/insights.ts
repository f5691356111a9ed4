import * as z from 'zod/mini';
import { isoDaysBetween, parseIsoDate } from '../shared/dates';
import {
  AGE_BUCKETS,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_MSG,
  formatFigure,
  type AgeBucket,
  type FunnelStage,
  type InsightFigure,
  type InsightQueue,
  type RejectionReason,
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
export type FigureFilter = { figure: string; from?: string; to?: string; officer?: string; queue: 'all' };

export function figureFilter(f: InsightFigure, q: InsightsQuery): FigureFilter {
  const filter: FigureFilter = { figure: formatFigure(f), queue: 'all' };
  if (f.kind !== 'waiting') Object.assign(filter, { from: q.from, to: q.to });
  if (q.officer !== null) filter.officer = String(q.officer);
  return filter;
}

export type FunnelFigure = { stage: FunnelStage; count: number; conversion: number | null; filter: FigureFilter };
export type TurnaroundFigure = {
  stage: TurnaroundStage;
  count: number;
  p50_hours: number | null;
  p90_hours: number | null;
  filter: FigureFilter;
};
export type AgeingFigure = { queue: InsightQueue; buckets: { bucket: AgeBucket; count: number; filter: FigureFilter }[] };
export type OfficerFigure = {
  id: number;
  name: string;
  captured: number;
  sent_back: number;
  approved: number;
  rejected: number;
  /** approved ÷ decided (approved or rejected); null before any decision. */
  approval_rate: number | null;
  filters: { captured: FigureFilter; sent_back: FigureFilter; approved: FigureFilter };
};

export type Insights = {
  tenant: { key: string; name: string };
  range: { from: string; to: string; officer: { id: number; name: string } | null };
  generated_at: string;
  funnel: FunnelFigure[];
  cancelled: { count: number; filter: FigureFilter };
  turnaround: { stages: TurnaroundFigure[]; longest: TurnaroundStage | null };
  ageing: AgeingFigure[];
  rejections: { reason: RejectionReason; count: number; filter: FigureFilter }[];
  deviations: { type: string; decision: string; count: number; filter: FigureFilter }[];
  officers: OfficerFigure[];
};

/** The middle of a sorted list's p-th quantile, as PostgreSQL's percentile_cont (linear between neighbours). */
export function percentileCont(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
