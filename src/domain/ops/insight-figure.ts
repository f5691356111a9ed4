import { DEVIATION_TYPES } from '../steps/deviations.schema';

/**
 * A figure of the branch pipeline dashboard (issue 36, docs/insights.md) as a filter of the
 * applications list (`figure` of GET /api/v1/app/mfi): its grammar, small and without zod, since
 * the list's query schema (in the shell's domain) parses it. The rest is in insights.ts.
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

export const AGE_BUCKETS = ['0-1', '2-3', '4-7', '8+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
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
