import * as z from 'zod/mini';
import { isSanctioned } from '../policy/enums';
import { APP_MSG } from '../messages/application-messages';
import { PATTERNS } from '../identity/patterns';
import { resumeOf, type ResumeRoute } from '../policy/stages';

/** Spec 02 §8 and §5 "Lookups": the texts of the complete-application and track screens. */
export const LOOKUP_MSG = {
  applicationFound: 'Application found with the given mobile number',
  invalidTrackerId: 'Invalid external loan id',
} as const;

/** The complete-application lookup: the borrower's mobile, 10 digits (spec 02 §5 "Lookups"). */
export const phoneLookupSchema = z.object({
  phone: z
    .string(APP_MSG.invalidMobileNumber)
    .check(z.trim(), z.maxLength(10, APP_MSG.invalidMobileNumber), z.regex(PATTERNS.mobile, APP_MSG.invalidMobileNumber)),
});

/** The track screen's external loan id (DECISIONS "API shape": 3 capital letters, 10 digits). */
export const trackLookupSchema = z.object({
  tracker_id: z
    .string(LOOKUP_MSG.invalidTrackerId)
    .check(z.trim(), z.maxLength(13, LOOKUP_MSG.invalidTrackerId), z.regex(PATTERNS.trackerId, LOOKUP_MSG.invalidTrackerId)),
});

/** The /application/<route> screens an application opens at from the applications list. */
export type OpenRoute = ResumeRoute | 'success' | 'loan-offer' | 'rejection';

/** The officer's own capture screens (DECISIONS "Review workflow": the PD1 side). */
const OFFICER_ROUTES: readonly ResumeRoute[] = ['mobile', 'kyc', 'co-applicants', 'family-details', 'bank-account-details'];

/**
 * Where the applications list opens an application, by the caller's designation and the
 * application's status and stages (DECISIONS "Review workflow"):
 * - a rejected application opens its rejection page;
 * - the officer resumes a DRAFT at its next capture step (spec 02 §4), or sees the success page
 *   once everything of PD1 is captured; in PD1_REVIEW they start again at the first step to
 *   correct it; later they only see the success page (tracker id);
 * - the branch manager reviews PD1 from the first step (DRAFT, PD1_REVIEW) and verifies the
 *   business and residence once PD1 is complete;
 * - the branch credit manager goes where PD2 continues: the CPV, the references, then the loan offer.
 */
export function openRouteOf(designation: string | null | undefined, status: string, stage: readonly string[]): OpenRoute {
  if (status === 'REJECTED') return 'rejection';
  const next = resumeOf(stage).route;
  if (designation === 'RELATIONSHIP_OFFICER') {
    if (status === 'PD1_REVIEW') return 'mobile';
    if (status === 'DRAFT' && next && OFFICER_ROUTES.includes(next)) return next;
    return 'success';
  }
  if (designation === 'BRANCH_MANAGER') {
    return status === 'PD1_COMPLETE' ? 'cpv-info' : 'mobile';
  }
  if (designation === 'BRANCH_CREDIT_MANAGER') {
    if (status === 'PD1_COMPLETE') return next === 'cpv-info' || next === 'references' ? next : 'loan-offer';
    if (status === 'PD2_COMPLETE' || status === 'PD2_REVIEW' || isSanctioned(status)) return 'loan-offer';
    return 'mobile';
  }
  return 'mobile';
}

/** The path of `openRouteOf` for an application id. */
export const openPathOf = (designation: string | null | undefined, status: string, stage: readonly string[], id: string) =>
  `/application/${openRouteOf(designation, status, stage)}?id=${encodeURIComponent(id)}`;
