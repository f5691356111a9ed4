import * as z from 'zod/mini';
import { LOAN_TYPES } from '../policy/enums';
import { GENDER_CODES, HOUSE_TYPES, LOAN_PURPOSES, MARITAL_STATUSES, OWNERSHIP_CODES, SALUTATIONS } from './form-options';
import { PATTERNS } from '../identity/patterns';
import { epicChecksumOk, isValidAadhaar, isValidPan } from '../identity/identity';
import type { CalendarDate } from '../shared/dates';
import { APP_MSG as M } from '../messages/application-messages';
import { loanAmountMessage, loanTenureMessage } from '../policy/loan-rules';
import {
  addressFields,
  ageBetween,
  dobAged,
  isBlank,
  mobile,
  numberAtLeast,
  optionalCode,
  optionalEmail,
  optionalFileId,
  optionalMatching,
  optionalText,
  orderedRules,
  text,
  type FormWarning,
} from './form-checks';
import { SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';

export const FAMILY_OWNED = 'FAMILY_OWNED';
/** The owned-by field applies only to a family-owned address ('Family Owned' label accepted too). */
export const isFamilyOwned = (ownership: unknown) =>
  typeof ownership === 'string' && ownership.trim().toUpperCase().replace(/\s+/g, '_') === FAMILY_OWNED;

/** Spec 02 §2 screen 1 order: the order messages are reported in. */
export const BORROWER_FIELDS = [
  'phone',
  'aadhaar',
  'title',
  'name',
  'alternate_phone',
  'email',
  'gender',
  'marital_status',
  'dob',
  'age',
  'pan',
  'voter_id',
  'pincode',
  'city',
  'district',
  'state',
  'address',
  'landmark',
  'address_ownership_type',
  'address_owned_by',
  'years_of_residence',
  'house_type',
  'loan_type',
  'amount_requested',
  'tenure_requested',
  'emi_requested',
  'purpose',
  'terms_accepted',
  'is_phone_verified',
  'borrower_photo_from_aadhaar',
  'remarks',
] as const;

/** Aadhaar: spaces dropped, then 12 digits, digits only, and the Verhoeff check (DECISIONS.md). */
export const aadhaarSchema = z.string(M.aadhaarLength).check(
  z.overwrite((v) => v.replace(/\s+/g, '')),
  z.length(12, M.aadhaarLength),
  z.regex(/^[0-9]*$/, M.aadhaarDigits),
  z.refine((v) => !/^[0-9]{12}$/.test(v) || isValidAadhaar(v), M.invalidAadhaar),
);

/** Individual PAN: at least 10 characters, upper-cased, AAAAP9999A structure. */
export const personPanSchema = (message: string) =>
  z.string(message).check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(SHAPE_MAX.pan, message),
    z.maxLength(SHAPE_MAX.pan, message),
    z.refine((v) => isValidPan(v, { person: true }), message),
  );

export const isWellFormedEpic = (v: string) => PATTERNS.epic.test(v);

/** Spec 02 §5 borrower/personal form. `today` decides the age from the date of birth. */
export function borrowerSchema(today: CalendarDate) {
  return z
    .object({
      phone: mobile(M.invalidMobileNumber),
      aadhaar: aadhaarSchema,
      title: z.enum(SALUTATIONS, M.invalidTitle),
      name: text(3, M.invalidName, TEXT_MAX.name, TOO_LONG.name),
      alternate_phone: optionalMatching(PATTERNS.mobile, M.invalidMobileNumber, SHAPE_MAX.mobile),
      email: optionalEmail(M.invalidEmail),
      gender: z.enum(GENDER_CODES, M.selectGender),
      marital_status: z.enum(MARITAL_STATUSES, M.selectMaritalStatus),
      dob: dobAged(today, 21, 60, M.borrowerDobRange),
      age: ageBetween(21, 60, M.borrowerAgeRange),
      pan: personPanSchema(M.invalidPan),
      voter_id: optionalCode(isWellFormedEpic, M.invalidVoterId, SHAPE_MAX.epic),
      ...addressFields,
      address_ownership_type: z.enum(OWNERSHIP_CODES, M.selectAddressOwnership),
      address_owned_by: optionalText(TEXT_MAX.name, TOO_LONG.ownedBy),
      years_of_residence: numberAtLeast(1, M.enterYearsOfResidence),
      house_type: z.enum(HOUSE_TYPES, M.selectHouseType),
      loan_type: z.enum(LOAN_TYPES, M.invalidLoanType),
      amount_requested: numberAtLeast(1, M.invalidLoanAmount),
      tenure_requested: z.coerce.number(M.invalidLoanTenure).check(z.refine((v) => Number.isInteger(v) && v >= 1, M.invalidLoanTenure)),
      emi_requested: numberAtLeast(1, M.invalidEmiRequested),
      purpose: z.enum(LOAN_PURPOSES, M.invalidPurpose),
      terms_accepted: z.literal(true, M.acceptTerms),
      is_phone_verified: z.optional(z.boolean()),
      /** A reference to the photo file (never the image itself). */
      borrower_photo_from_aadhaar: optionalFileId,
      remarks: optionalText(TEXT_MAX.remarks, TOO_LONG.remarks),
    })
    .check(
      orderedRules(BORROWER_FIELDS, (v, add) => {
        if (v.gender !== 'MALE' && isBlank(v.voter_id)) add('voter_id', M.voterIdRequired);
        const amount = loanAmountMessage(v.loan_type, v.amount_requested);
        if (amount) add('amount_requested', amount);
        const tenure = loanTenureMessage(v.loan_type, v.tenure_requested);
        if (tenure) add('tenure_requested', tenure);
      }),
      // Owned-by is only asked for a family-owned address: drop a stale value otherwise.
      z.overwrite((v) => (isFamilyOwned(v.address_ownership_type) ? v : { ...v, address_owned_by: undefined })),
    );
}
export type BorrowerForm = z.output<ReturnType<typeof borrowerSchema>>;
export type BorrowerFormInput = z.input<ReturnType<typeof borrowerSchema>>;

/** EPIC Luhn failure: older cards fail it, so it warns and never blocks (DECISIONS.md). */
export function voterIdWarnings(voterId: unknown, field = 'voter_id'): FormWarning[] {
  if (typeof voterId !== 'string') return [];
  const epic = voterId.trim().toUpperCase();
  return isWellFormedEpic(epic) && !epicChecksumOk(epic) ? [{ field, message: M.voterIdCheckDigitWarning }] : [];
}

/** Non-blocking notices for the borrower form, in field order. */
export function borrowerWarnings(values: { voter_id?: string | null }): FormWarning[] {
  return voterIdWarnings(values.voter_id);
}
