import * as z from 'zod/mini';
import { APPLICATION_STATUSES } from '../policy/enums';
import { DEVIATION_TYPES } from '../steps/deviations.schema';
import { TEXT_MAX } from '../policy/limits';
import { WORKFLOW_REMARKS_MIN } from '../policy/review-workflow';
import { INSIGHTS_MSG, parseFigure, type InsightFigure } from '../ops/insight-figure';

/**
 * GET /api/v1/app/mfi (issue 13): `size` (default 10, 1-50), `page` (zero-based, at most
 * 9999), `search_by` (a name, a mobile number or a tracker id), `status` (one status or several
 * separated by commas), `queue=all` (everything the caller may see instead of what waits for them).
 */
export const LIST_PAGE_SIZE = { default: 10, max: 50 } as const;
export const LIST_PAGE_MAX = 9999;
export const LIST_SEARCH_MAX = 100;

/**
 * What the list's status filter takes: a status, or RESUBMITTED (PD1_REVIEW that the officer
 * resubmitted after the send-back, issue 21 D4), which is no status of its own.
 */
export const LIST_STATUS_FILTERS = [...APPLICATION_STATUSES, 'RESUBMITTED'] as const;
export type ListStatusFilter = (typeof LIST_STATUS_FILTERS)[number];

export const LIST_MSG = {
  invalidSize: `size must be a whole number from 1 to ${LIST_PAGE_SIZE.max}`,
  invalidPage: `page must be a whole number from 0 to ${LIST_PAGE_MAX}`,
  invalidSearch: `search_by must be at most ${LIST_SEARCH_MAX} characters`,
  invalidStatus: `status must be one or more of ${LIST_STATUS_FILTERS.join(', ')}, separated by commas`,
  invalidQueue: 'queue must be all',
} as const;

const wholeIn = (min: number, max: number, message: string) =>
  z.optional(
    z.string(message).check(
      z.maxLength(6, message),
      z.regex(/^[0-9]{1,6}$/, message),
      z.refine((v) => Number(v) >= min && Number(v) <= max, message),
    ),
  );

const isStatusList = (value: string) => value.split(',').every((s) => (LIST_STATUS_FILTERS as readonly string[]).includes(s.trim()));

export const applicationListQuerySchema = z.object({
  size: wholeIn(1, LIST_PAGE_SIZE.max, LIST_MSG.invalidSize),
  page: wholeIn(0, LIST_PAGE_MAX, LIST_MSG.invalidPage),
  search_by: z.optional(z.string(LIST_MSG.invalidSearch).check(z.maxLength(LIST_SEARCH_MAX, LIST_MSG.invalidSearch))),
  status: z.optional(
    z.string(LIST_MSG.invalidStatus).check(
      z.maxLength(200, LIST_MSG.invalidStatus),
      z.refine((v) => v.trim() === '' || isStatusList(v), LIST_MSG.invalidStatus),
    ),
  ),
  queue: z.optional(z.enum(['all', ''], LIST_MSG.invalidQueue)),
  // A figure of the dashboard (insights.ts, issue 36): the applications behind it, with its range and officer.
  figure: z.optional(
    z.string(INSIGHTS_MSG.invalidFigure).check(
      z.maxLength(80, INSIGHTS_MSG.invalidFigure),
      z.refine((v) => parseFigure(v) !== null, INSIGHTS_MSG.invalidFigure),
    ),
  ),
  from: z.optional(
    z
      .string(INSIGHTS_MSG.invalidFrom)
      .check(z.length(10, INSIGHTS_MSG.invalidFrom), z.regex(/^\d{4}-\d{2}-\d{2}$/, INSIGHTS_MSG.invalidFrom)),
  ),
  to: z.optional(
    z.string(INSIGHTS_MSG.invalidTo).check(z.length(10, INSIGHTS_MSG.invalidTo), z.regex(/^\d{4}-\d{2}-\d{2}$/, INSIGHTS_MSG.invalidTo)),
  ),
  officer: z.optional(
    z
      .string(INSIGHTS_MSG.invalidOfficer)
      .check(z.maxLength(9, INSIGHTS_MSG.invalidOfficer), z.regex(/^[1-9][0-9]{0,8}$/, INSIGHTS_MSG.invalidOfficer)),
  ),
});

/** A dashboard figure's applications (GET /api/v1/app/mfi?figure=...): the range applies to all but `waiting`. */
export type ListFigure = { figure: InsightFigure; from: string | null; to: string | null; officer: number | null };

export type ApplicationListQuery = {
  size: number;
  page: number;
  search: string | null;
  statuses: ListStatusFilter[] | null;
  /** 'waiting': what waits for the caller's designation; 'all': everything they may see. */
  queue: 'waiting' | 'all';
  figure?: ListFigure;
};

/** The query as the service uses it, from the route's validated strings. */
export function listQueryOf(raw: z.infer<typeof applicationListQuerySchema>): ApplicationListQuery {
  const statuses = raw.status?.trim() ? [...new Set(raw.status.split(',').map((s) => s.trim() as ListStatusFilter))] : null;
  const search = raw.search_by?.trim() || null;
  return {
    size: raw.size ? Number(raw.size) : LIST_PAGE_SIZE.default,
    page: raw.page ? Number(raw.page) : 0,
    search,
    statuses,
    queue: raw.queue === 'all' ? 'all' : 'waiting',
    ...(raw.figure
      ? {
          figure: {
            figure: parseFigure(raw.figure)!,
            from: raw.from ?? null,
            to: raw.to ?? null,
            officer: raw.officer ? Number(raw.officer) : null,
          },
        }
      : {}),
  };
}

/** What search_by is taken for: digits a mobile (prefix), 3 letters and digits a tracker id (prefix), else a name. */
export type ListSearch =
  { kind: 'mobile'; prefix: string } | { kind: 'tracker'; exact: string | null; prefix: string } | { kind: 'name'; words: string[] };

export function listSearchOf(text: string): ListSearch {
  const compact = text.replace(/\s+/g, '');
  if (/^[0-9]{1,10}$/.test(compact)) return { kind: 'mobile', prefix: compact };
  if (/^[A-Za-z]{3}[0-9]{1,10}$/.test(compact)) {
    const id = compact.toUpperCase();
    return { kind: 'tracker', exact: id.length === 13 ? id : null, prefix: id };
  }
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  return { kind: 'name', words };
}

/**
 * The PostgreSQL full-text query of a name search (to_tsquery('simple', ...)): the words in
 * order, the last one as a prefix, so 'lak' finds LAKSHMI DEVI by her first word, 'dev' by her
 * second, and 'lakshmi d' by the whole name's start. The words hold letters and digits only.
 */
export const nameTsQuery = (words: readonly string[]): string => words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' <-> ');

export const APPLICATION_LIST_ITEM_KEYS = [
  'id',
  'tracker_id',
  'name',
  'phone',
  'status',
  'stage',
  'loan_type',
  'amount_requested',
  'created_at',
  'updated_at',
  'created_by_name',
  'resubmitted',
] as const;

const nullableString = z.nullable(z.string());

/** ApplicationListPage (GET /api/v1/app/mfi), every field. */
export const applicationListPageSchema = z.strictObject({
  list: z.array(
    z.strictObject({
      id: z.string(),
      tracker_id: nullableString,
      name: nullableString,
      phone: nullableString,
      status: z.string(),
      stage: z.array(z.string()),
      loan_type: nullableString,
      amount_requested: z.nullable(z.number()),
      created_at: z.string(),
      updated_at: z.string(),
      created_by_name: nullableString,
      /** In PD1_REVIEW and resubmitted by the officer since the send-back (absent from a phone's copy saved before it was sent). */
      resubmitted: z.optional(z.boolean()),
    }),
  ),
  total_pages: z.number(),
  total_elements: z.number(),
});

export type ApplicationListPage = z.output<typeof applicationListPageSchema>;
export type ApplicationListItem = ApplicationListPage['list'][number];

/** POST /:id/resubmit: optional remarks for the reviewer. */
export const resubmitBodySchema = z.object({
  remarks: z.optional(
    z.nullable(z.string('Invalid remarks').check(z.trim(), z.maxLength(TEXT_MAX.remarks, 'Remarks must be at most 1000 characters'))),
  ),
});

export const DEVIATION_DECISION_MSG = {
  invalidType: 'Invalid deviation type',
  invalidCoApplicant: 'Invalid co-applicant id',
  invalidDecision: 'decision must be APPROVED or REJECTED',
  remarks: `Please enter remarks of at least ${WORKFLOW_REMARKS_MIN} characters`,
  remarksTooLong: 'Remarks must be at most 1000 characters',
} as const;

/** PATCH /:id/deviation: the branch manager's decision on one deviation, with a remark. */
export const deviationDecisionSchema = z.object({
  type: z.enum(DEVIATION_TYPES, DEVIATION_DECISION_MSG.invalidType),
  co_applicant_id: z.optional(
    z.nullable(
      z
        .string(DEVIATION_DECISION_MSG.invalidCoApplicant)
        .check(
          z.maxLength(32, DEVIATION_DECISION_MSG.invalidCoApplicant),
          z.regex(/^[0-9a-f]{32}$/, DEVIATION_DECISION_MSG.invalidCoApplicant),
        ),
    ),
  ),
  decision: z.enum(['APPROVED', 'REJECTED'], DEVIATION_DECISION_MSG.invalidDecision),
  remarks: z
    .string(DEVIATION_DECISION_MSG.remarks)
    .check(
      z.trim(),
      z.minLength(WORKFLOW_REMARKS_MIN, DEVIATION_DECISION_MSG.remarks),
      z.maxLength(TEXT_MAX.remarks, DEVIATION_DECISION_MSG.remarksTooLong),
    ),
});
export type DeviationDecision = z.infer<typeof deviationDecisionSchema>;
export type ResubmitBody = z.output<typeof resubmitBodySchema>;
