import * as z from 'zod/mini';
import { DEVIATION_TYPES } from './deviations.schema';

/**
 * The branch pipeline dashboard (issue 36, docs/insights.md): what GET /api/v1/insights takes and
 * answers, and the filters that open the applications behind each figure in the applications
 * list (`figure`, `from`, `to`, `officer` of GET /api/v1/app/mfi).
 */

/** The funnel, in order: each is when an application first got there (application_milestones). */
export const FUNNEL_STAGES = [
  'CREATED',
  'LEFT_DRAFT',
  'PD1_COMPLETE',
  'PD2_COMPLETE',
  'APPROVED',
  'AGREEMENT_SIGNED',
  'DISBURSAL_READY',
  'DISBURSED',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Turnaround: each stage from the milestone that starts it to the one that ends it. */
export const TURNAROUND_STAGES = [
  { stage: 'DRAFT', start: 'CREATED', end: 'PD1_COMPLETE' },
  { stage: 'PD1', start: 'PD1_COMPLETE', end: 'PD2_COMPLETE' },
  { stage: 'PD2', start: 'PD2_COMPLETE', end: 'APPROVED' },
  { stage: 'AGREEMENT', start: 'APPROVED', end: 'AGREEMENT_SIGNED' },
  { stage: 'DISBURSAL', start: 'AGREEMENT_SIGNED', end: 'DISBURSED' },
] as const satisfies readonly { stage: string; start: FunnelStage; end: FunnelStage }[];
export type TurnaroundStage = (typeof TURNAROUND_STAGES)[number]['stage'];

export const AGE_BUCKETS = ['0-1', '2-3', '4-7', '8+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
/** Whole days waited (since the last status move) → its bucket's bounds, inclusive. */
export const AGE_BUCKET_DAYS: Record<AgeBucket, { min: number; max: number | null }> = {
  '0-1': { min: 0, max: 1 },
  '2-3': { min: 2, max: 3 },
  '4-7': { min: 4, max: 7 },
  '8+': { min: 8, max: null },
};
export const ageBucketOf = (days: number): AgeBucket => AGE_BUCKETS.find((b) => days <= (AGE_BUCKET_DAYS[b].max ?? Infinity))!;

/** The queues of application-queues.ts, by who they wait for. */
export const INSIGHT_QUEUES = ['BRANCH_MANAGER', 'BRANCH_CREDIT_MANAGER', 'RELATIONSHIP_OFFICER'] as const;
export type InsightQueue = (typeof INSIGHT_QUEUES)[number];

export const REJECTION_REASONS = ['BUREAU', 'BRE', 'REVIEWER'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const DEVIATION_DECISIONS = ['APPROVED', 'REJECTED'] as const;

/** A range is at most this many days (a year and a day: a leap year's whole year). */
export const INSIGHTS_MAX_DAYS = 366;

export const INSIGHTS_MSG = {
  invalidFrom: 'from must be a day (YYYY-MM-DD)',
  invalidTo: 'to must be a day (YYYY-MM-DD)',
  invalidOfficer: 'officer must be a user id',
  invalidRange: `to must be on or after from, at most ${INSIGHTS_MAX_DAYS} days later`,
  invalidFormat: 'format must be xlsx or csv',
  invalidFigure: 'figure must be one of the dashboard’s figures',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const day = (message: string) => z.string(message).check(z.maxLength(10, message), z.refine(isDay, message));
const officer = z.optional(
  z
    .string(INSIGHTS_MSG.invalidOfficer)
    .check(z.maxLength(9, INSIGHTS_MSG.invalidOfficer), z.regex(/^[1-9][0-9]{0,8}$/, INSIGHTS_MSG.invalidOfficer)),
);

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const rangeOk = (q: { from: string; to: string }) => {
  const days = daysBetween(q.from, q.to);
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

/**
 * A figure of the dashboard as a filter of the applications list (`figure`), with the range and
 * officer it was computed for:
 * - `created`, `reached:<FunnelStage>`, `rejected:<reason>`, `sent_back`: the applications
 *   created in the range (by the officer) that got there;
 * - `waiting:<queue>:<bucket>`: waiting now in that queue for that long (no range);
 * - `deviation:<type>:<decision>`: a decision of that deviation made in the range.
 */
export type InsightFigure =
  | { kind: 'created' }
  | { kind: 'reached'; stage: Exclude<FunnelStage, 'CREATED'> }
  | { kind: 'cancelled' }
  | { kind: 'rejected'; reason: RejectionReason }
  | { kind: 'sent_back' }
  | { kind: 'waiting'; queue: InsightQueue; bucket: AgeBucket }
  | { kind: 'deviation'; type: string; decision: (typeof DEVIATION_DECISIONS)[number] };

export function formatFigure(f: InsightFigure): string {
  switch (f.kind) {
    case 'created':
    case 'cancelled':
    case 'sent_back':
      return f.kind;
    case 'reached':
      return `reached:${f.stage}`;
    case 'rejected':
      return `rejected:${f.reason}`;
    case 'waiting':
      return `waiting:${f.queue}:${f.bucket}`;
    case 'deviation':
      return `deviation:${f.type}:${f.decision}`;
  }
}

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): v is T => (list as readonly string[]).includes(v ?? '');

export function parseFigure(text: string): InsightFigure | null {
  const [kind, a, b, ...rest] = text.split(':');
  if (rest.length > 0) return null;
  if ((kind === 'created' || kind === 'cancelled' || kind === 'sent_back') && a === undefined) return { kind };
  if (kind === 'reached' && b === undefined && oneOf(FUNNEL_STAGES, a) && a !== 'CREATED') return { kind, stage: a };
  if (kind === 'rejected' && b === undefined && oneOf(REJECTION_REASONS, a)) return { kind, reason: a };
  if (kind === 'waiting' && oneOf(INSIGHT_QUEUES, a) && oneOf(AGE_BUCKETS, b)) return { kind, queue: a, bucket: b };
  if (kind === 'deviation' && oneOf(DEVIATION_TYPES, a) && oneOf(DEVIATION_DECISIONS, b)) return { kind, type: a, decision: b };
  return null;
}

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

/**
 * The working calendar of a range (India's days, Asia/Kolkata): for each day from `start`, the
 * number of working days before it, one more entry at the end, so the working seconds up to a
 * moment are before[day] × 86,400 plus, on a working day (before[day + 1] > before[day]), the
 * seconds since that day's midnight. A day off is a Sunday, a national holiday or one of the
 * tenant's (the KFS's working days, kfs-consent.ts).
 */
export function workingDaysBefore(start: string, days: number, isDayOff: (iso: string) => boolean): number[] {
  const before = [0];
  const t0 = Date.parse(`${start}T00:00:00Z`);
  for (let i = 0; i < days; i++) {
    const iso = new Date(t0 + i * 86_400_000).toISOString().slice(0, 10);
    before.push(before[i]! + (isDayOff(iso) ? 0 : 1));
  }
  return before;
}

/** The middle of a sorted list's p-th quantile, as PostgreSQL's percentile_cont (linear between neighbours). */
export function percentileCont(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
