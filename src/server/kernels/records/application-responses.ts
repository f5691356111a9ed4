import * as z from 'zod/mini';
import { nullableString, openObject } from '../../http/route-responses';
import { LANGUAGES } from '../../../domain/languages';

// The answers of the application routes (domain/application-view.ts, kernels/records/step-record.ts).
// The application and its records are big, loosely shaped views (a form's own fields, the
// verifications, the history): open objects on purpose, with the fields a client keys on named.

const deviation = openObject({ type: z.string(), status: z.string() });
const stringList = z.array(z.string());

/** ApplicationView: GET /:id and every step that answers the application. */
export const applicationViewResponse = openObject({
  id: z.string(),
  tracker_id: nullableString,
  status: z.string(),
  stage: stringList,
  created_at: z.string(),
  updated_at: z.string(),
  borrower_language: z.nullable(z.enum(LANGUAGES)),
});

/** IncompleteApplicationView: the lookup by the borrower's phone. */
export const incompleteApplicationViewResponse = z.object({
  id: z.string(),
  tracker_id: nullableString,
  stage: stringList,
  loan_type: nullableString,
  phone: nullableString,
  name: nullableString,
  gender: nullableString,
  status: z.string(),
});

/** ApplicationListPage, every field. */
export const applicationListPageResponse = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      tracker_id: nullableString,
      name: nullableString,
      phone: nullableString,
      status: z.string(),
      stage: stringList,
      loan_type: nullableString,
      amount_requested: z.nullable(z.number()),
      created_at: z.string(),
      updated_at: z.string(),
      created_by_name: nullableString,
      resubmitted: z.optional(z.boolean()),
    }),
  ),
  total_pages: z.number(),
  total_elements: z.number(),
});

const formOrNull = z.nullable(openObject({}));

/** StepAnswer (kernels/records/step-record.ts): the business, employment and bank steps. */
export const stepAnswerResponse = z.object({
  id: z.string(),
  tracker_id: nullableString,
  status: z.string(),
  stage: stringList,
  remarks: nullableString,
  job_type: nullableString,
  deviations: z.array(deviation),
  app_mfi_business_details: formOrNull,
  app_mfi_employment_info: formOrNull,
  app_mfi_bank_account: formOrNull,
});

/** CoApplicantView: the form's fields and the record's. */
export const coApplicantViewResponse = openObject({
  id: z.string(),
  application_id: z.string(),
  type: z.string(),
  status: z.string(),
  deviations: z.array(deviation),
  replaces_id: nullableString,
  created_at: z.string(),
});

/** FamilyMemberView: the form's fields and the record's. */
export const familyMemberViewResponse = openObject({ id: z.string(), application_id: z.string(), created_at: z.string() });

/** A family member as a write answers it. */
export const familySubmitAnswerResponse = z.extend(familyMemberViewResponse, {
  approval_checks: z.object({ decision: z.literal('PASS') }),
});

/** FieldVerificationAnswer: CPV and references. */
export const fieldVerificationAnswerResponse = z.object({
  id: z.string(),
  tracker_id: nullableString,
  status: z.string(),
  stage: stringList,
  app_mfi_cpv_info: z.object({ business_place: formOrNull, residence: formOrNull }),
  reference_list: z.array(openObject({})),
});
