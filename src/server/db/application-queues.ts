import { PD1_STAGES } from '../../domain/policy/review-workflow';

/**
 * What waits for each reviewer designation (issue 13, DECISIONS "Review workflow"), as SQL
 * predicates on the applications table. Each is the predicate of a partial index (schema.ts) AND
 * is inlined verbatim, never as parameters, in the list and count queries
 * (applications-list.service.ts): PostgreSQL uses a partial index only for a query whose WHERE
 * implies the index's predicate, which it proves on the same constant expression.
 *
 * - branch manager: DRAFT with every PD1 stage (Complete PD1, deviations to decide), and
 *   PD1_REVIEW that the officer resubmitted;
 * - branch credit manager: PD1_COMPLETE (field verification, PD2) and PD2_REVIEW.
 * The relationship officer's queue (their own DRAFT and PD1_REVIEW) needs no index of its own:
 * an officer's applications are few, found by applications_creator_updated_idx.
 */
const pd1Stages = JSON.stringify(PD1_STAGES).replaceAll("'", "''");

export const QUEUE_PREDICATES = {
  BRANCH_MANAGER: `((status = 'DRAFT' and stage @> '${pd1Stages}'::jsonb) or (status = 'PD1_REVIEW' and resubmitted_at is not null))`,
  BRANCH_CREDIT_MANAGER: `(status in ('PD1_COMPLETE', 'PD2_REVIEW'))`,
  RELATIONSHIP_OFFICER: `(status in ('DRAFT', 'PD1_REVIEW'))`,
} as const;

/**
 * The same queues on the application_counts table (migration 0006: one row per tenant, officer,
 * status, "every PD1 stage" and "resubmitted"), for the totals of the list and the count.
 */
export const COUNT_QUEUE_PREDICATES = {
  BRANCH_MANAGER: `((status = 'DRAFT' and pd1_captured) or (status = 'PD1_REVIEW' and resubmitted))`,
  BRANCH_CREDIT_MANAGER: `(status in ('PD1_COMPLETE', 'PD2_REVIEW'))`,
  RELATIONSHIP_OFFICER: `(status in ('DRAFT', 'PD1_REVIEW'))`,
} as const;
