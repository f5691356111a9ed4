// What happened to an application and a loan: its history of moves, the status after sanction, the loan's events for the webhooks.
export { changedSince, lastMoveInto, lastReviewDigests, recordEvent } from './application-history';
export { recordLoanEvent } from './loan-events';
export { recordSanctionStep } from './post-sanction-status';
