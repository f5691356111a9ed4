import * as z from 'zod/mini';
import { CO_APPLICANT_RELATIONS, GENDER_CODES, GUARDIAN_RELATIONS, MARITAL_STATUSES, SALUTATIONS } from './form-options';
import { PATTERNS } from '../identity/patterns';
import type { CalendarDate } from '../shared/dates';
import { APP_MSG as M } from '../messages/application-messages';
import { isWellFormedEpic, personPanSchema, voterIdWarnings } from './borrower.schema';
import {
  addressFields,
  ageBetween,
  dobAged,
  fileId,
  isBlank,
  numberAtLeast,
  optionalCode,
  optionalEmail,
  optionalFileId,
  optionalMatching,
  optionalRecordId,
  orderedRules,
  text,
  type FormWarning,
} from './form-checks';
import { SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';

export const CO_APPLICANT_TYPES = ['CO_BORROWER', 'GUARANTOR'] as const;
export type CoApplicantType = (typeof CO_APPLICANT_TYPES)[number];

/** Spec 02 §5 co-applicant order: the order messages are reported in. */
export const CO_APPLICANT_FIELDS = [
  'type',
  'relationship',
  'title',
  'phone',
  'name',
  'guardian_name',
  'guardian_relationship',
  'gender',
  'income',
  'dob',
  'age',
  'marital_status',
  'email',
  'pincode',
  'city',
  'district',
  'state',
  'address',
  'landmark',
  'pan',
  'pan_file',
  'aadhaar_front_file',
  'aadhaar_back_file',
  'aadhaar',
  'voter_id_file',
  'voter_id_back_file',
  'voter_id',
] as const;

/** Spec 02 §5 co-borrower / guarantor form; `today` decides the age from the date of birth. */
export function coApplicantSchema(today: CalendarDate) {
  return z
    .object({
      id: optionalRecordId,
      type: z.enum(CO_APPLICANT_TYPES, M.invalidType),
      relationship: z.enum(CO_APPLICANT_RELATIONS, M.selectRelationship),
      title: z.enum(SALUTATIONS, M.invalidTitle),
      phone: z
        .string(M.enterMobileNumber)
        .check(
          z.trim(),
          z.minLength(SHAPE_MAX.mobile, M.enterMobileNumber),
          z.maxLength(SHAPE_MAX.mobile, M.invalidMobileNumber),
          z.regex(PATTERNS.mobile, M.invalidMobileNumber),
        ),
      name: text(3, M.invalidName, TEXT_MAX.name, TOO_LONG.name),
      guardian_name: text(3, M.invalidGuardianName, TEXT_MAX.name, TOO_LONG.guardianName),
      guardian_relationship: z.enum(GUARDIAN_RELATIONS, M.selectRelationship),
      gender: z.enum(GENDER_CODES, M.selectGender),
      income: numberAtLeast(0, M.invalidIncome),
      dob: dobAged(today, 18, 65, M.ageNotAcceptable),
      age: ageBetween(21, 60, M.ageNotAcceptable),
      marital_status: z.enum(MARITAL_STATUSES, M.selectMaritalStatus),
      email: optionalEmail(M.invalidEmail),
      ...addressFields,
      pan: personPanSchema(M.invalidPanNumber),
      pan_file: fileId(M.invalidPanFile),
      aadhaar_front_file: fileId(M.invalidAadhaarFront),
      aadhaar_back_file: fileId(M.invalidAadhaarBack),
      /** Last 4 digits only; optional. */
      aadhaar: optionalMatching(/^[0-9]{4}$/, M.invalidAadhaarLast4, SHAPE_MAX.aadhaarLast4),
      voter_id_file: optionalFileId,
      voter_id_back_file: optionalFileId,
      voter_id: optionalCode(isWellFormedEpic, M.invalidVoterId, SHAPE_MAX.epic),
    })
    .check(
      orderedRules(CO_APPLICANT_FIELDS, (v, add) => {
        // A non-male co-borrower needs the voter ID file and number; a guarantor does not.
        if (v.type === 'CO_BORROWER' && v.gender !== 'MALE') {
          if (isBlank(v.voter_id_file)) add('voter_id_file', M.coBorrowerVoterFileRequired);
          if (isBlank(v.voter_id)) add('voter_id', M.coBorrowerVoterIdRequired);
        }
      }),
    );
}
export type CoApplicantForm = z.output<ReturnType<typeof coApplicantSchema>>;
export type CoApplicantFormInput = z.input<ReturnType<typeof coApplicantSchema>>;

/** Non-blocking notices for the co-applicant form (EPIC check digit). */
export const coApplicantWarnings = (values: { voter_id?: string | null }): FormWarning[] => voterIdWarnings(values.voter_id);

/** What the co-applicant list needs to know of each entry. */
export type CoApplicantSummary = {
  type: string;
  status?: string | null;
  approval_checks?: { decision?: string | null; rejected?: boolean | null } | null;
};

/** A bureau-rejected co-applicant does not count: it has to be replaced. */
export const isRejectedCoApplicant = (c: CoApplicantSummary) =>
  c.status === 'REJECTED' || c.approval_checks?.rejected === true || c.approval_checks?.decision === 'REJECTED';

export type CoApplicantRequirement = {
  needsCoBorrower: true;
  needsGuarantor: boolean;
  /** Shown on the list before anything is added. */
  hint: string;
  /** Why Submit cannot proceed yet, or null when the requirement is met. */
  blocking: string | null;
};

/**
 * Spec 02 §5: a co-borrower is always required; an UNSECURED_BUSINESS_LOAN needs a guarantor
 * too. Rejected entries do not count.
 */
export function coApplicantRequirement(loanType: unknown, coApplicants: readonly CoApplicantSummary[]): CoApplicantRequirement {
  const needsGuarantor = loanType === 'UNSECURED_BUSINESS_LOAN';
  const counted = coApplicants.filter((c) => !isRejectedCoApplicant(c));
  const hasCoBorrower = counted.some((c) => c.type === 'CO_BORROWER');
  const hasGuarantor = counted.some((c) => c.type === 'GUARANTOR');
  if (needsGuarantor) {
    return { needsCoBorrower: true, needsGuarantor, hint: M.hintBoth, blocking: hasCoBorrower && hasGuarantor ? null : M.bothRequired };
  }
  return { needsCoBorrower: true, needsGuarantor, hint: M.hintCoBorrower, blocking: hasCoBorrower ? null : M.addCoBorrower };
}

/** Spec 02 §4: the deviation a co-applicant's name mismatch is continued with, by type. */
export const CO_APPLICANT_NAME_DEVIATION = {
  CO_BORROWER: 'CO_BORROWER_NAME_MISMATCH_DEVIATION',
  GUARANTOR: 'GUARANTOR_NAME_MISMATCH_DEVIATION',
} as const satisfies Record<CoApplicantType, string>;
