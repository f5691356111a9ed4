import * as z from 'zod/mini';
import { EDUCATION_LEVELS, FAMILY_GUARDIAN_RELATIONS, FAMILY_RELATIONS_TO_BORROWER, GENDER_CODES } from './form-options';
import { PATTERNS } from '../identity/patterns';
import { compareDates, parseDate, type CalendarDate } from '../shared/dates';
import { APP_MSG as M } from '../messages/application-messages';
import { personPanSchema } from './borrower.schema';
import { fileId, matching, numberAtLeast, optionalEmail, optionalRecordId, orderedRules, text } from './form-checks';
import { SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';

/** Spec 02 §5 family-member order: the order messages are reported in. */
export const FAMILY_MEMBER_FIELDS = [
  'name',
  'relation_to_borrower',
  'phone',
  'email',
  'pan',
  'guardian_name',
  'guardian_relationship',
  'pincode',
  'city',
  'state',
  'address',
  'gender',
  'dob',
  'education_qualification',
  'income',
  'pan_file',
  'aadhaar_front_file',
  'aadhaar_back_file',
  'voter_id_file',
] as const;

/** Spec 02 §9: the add-more tile shows while the family count is 5 or fewer (so at most 6). */
export const FAMILY_ADD_MORE_MAX_COUNT = 5;
export const canAddFamilyMember = (count: number) => count <= FAMILY_ADD_MORE_MAX_COUNT;

/** Spec 02 §5 family member; a date of birth after `today` is refused like a missing one. */
export function familyMemberSchema(today: CalendarDate) {
  return z
    .object({
      id: optionalRecordId,
      name: text(3, M.invalidName, TEXT_MAX.name, TOO_LONG.name),
      relation_to_borrower: z.enum(FAMILY_RELATIONS_TO_BORROWER, M.selectRelationToBorrower),
      phone: matching(PATTERNS.mobile, M.invalidMobileNumber, SHAPE_MAX.mobile),
      email: optionalEmail(M.invalidEmail),
      pan: personPanSchema(M.invalidPan),
      guardian_name: text(3, M.invalidGuardianName, TEXT_MAX.name, TOO_LONG.guardianName),
      guardian_relationship: z.enum(FAMILY_GUARDIAN_RELATIONS, M.selectRelationship),
      pincode: matching(PATTERNS.pincode, M.invalidPincode, SHAPE_MAX.pincode),
      city: text(1, M.invalidCity, TEXT_MAX.place, TOO_LONG.city),
      state: text(1, M.invalidState, TEXT_MAX.place, TOO_LONG.state),
      address: text(8, M.invalidAddress, TEXT_MAX.address, TOO_LONG.address),
      gender: z.enum(GENDER_CODES, M.selectGender),
      dob: z.string(M.invalidFamilyDob).check(
        z.trim(),
        z.maxLength(SHAPE_MAX.date, M.invalidFamilyDob),
        z.refine((v) => {
          const dob = parseDate(v);
          return dob !== null && compareDates(dob, today) <= 0;
        }, M.invalidFamilyDob),
      ),
      education_qualification: z.enum(EDUCATION_LEVELS, M.enterEducation),
      income: numberAtLeast(1, M.enterIncome),
      pan_file: fileId(M.missingPan),
      aadhaar_front_file: fileId(M.missingAadhaarFront),
      aadhaar_back_file: fileId(M.missingAadhaarBack),
      voter_id_file: fileId(M.missingVoterId),
    })
    .check(orderedRules(FAMILY_MEMBER_FIELDS));
}
export type FamilyMemberForm = z.output<ReturnType<typeof familyMemberSchema>>;
export type FamilyMemberFormInput = z.input<ReturnType<typeof familyMemberSchema>>;
