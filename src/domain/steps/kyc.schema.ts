import * as z from 'zod/mini';
import { CASTE_CATEGORIES, EDUCATION_LEVELS, GENDER_CODES, GUARDIAN_RELATIONS, RELIGIONS } from './form-options';
import { APP_MSG as M } from '../messages/application-messages';
import { fileId, isBlank, numberAtLeast, optionalFileId, optionalText, orderedRules, text } from './form-checks';
import { TEXT_MAX, TOO_LONG } from '../policy/limits';

/** Spec 02 §5 KYC order: the order messages are reported in. */
export const KYC_FIELDS = [
  'guardian_name',
  'guardian_relationship',
  'mother_name',
  'category',
  'religion',
  'mother_tongue',
  'education_qualification',
  'no_of_family_members',
  'no_of_earning_members',
  'photo_file',
  'photo_geo_tag_info',
  'pan_file',
  'aadhaar_front_file',
  'aadhaar_back_file',
  'voter_id_file',
  'voter_id_back_file',
  'gender',
  'remarks',
  'status',
] as const;

export const geoTagSchema = z.object({ latitude: z.number(), longitude: z.number() });

/**
 * Spec 02 §5 KYC ('Borrowers Info'). `gender` is the borrower's, carried for the voter-ID rule:
 * a non-male borrower must upload the voter ID; with no gender given the rule does not apply.
 */
export const kycSchema = z
  .object({
    guardian_name: text(3, M.invalidKycGuardianName, TEXT_MAX.name, TOO_LONG.guardianName),
    guardian_relationship: z.enum(GUARDIAN_RELATIONS, M.selectRelation),
    mother_name: text(3, M.invalidMotherName, TEXT_MAX.name, TOO_LONG.motherName),
    category: z.enum(CASTE_CATEGORIES, M.selectCategory),
    religion: z.enum(RELIGIONS, M.enterReligion),
    mother_tongue: text(1, M.enterMotherTongue, TEXT_MAX.motherTongue, TOO_LONG.motherTongue),
    education_qualification: z.enum(EDUCATION_LEVELS, M.enterEducation),
    no_of_family_members: numberAtLeast(1, M.enterFamilyMembers),
    no_of_earning_members: numberAtLeast(1, M.enterEarningMembers),
    photo_file: fileId(M.uploadPhoto),
    photo_geo_tag_info: z.optional(z.nullable(geoTagSchema)),
    pan_file: fileId(M.missingPan),
    aadhaar_front_file: fileId(M.missingAadhaarFront),
    aadhaar_back_file: fileId(M.missingAadhaarBack),
    voter_id_file: optionalFileId,
    voter_id_back_file: optionalFileId,
    gender: z.optional(z.nullable(z.enum(GENDER_CODES))),
    remarks: optionalText(TEXT_MAX.remarks, TOO_LONG.remarks),
    /** Spec 02 §3 lists it without its values: a short code. */
    status: optionalText(TEXT_MAX.code, TOO_LONG.status),
  })
  .check(
    orderedRules(KYC_FIELDS, (v, add) => {
      if (typeof v.gender === 'string' && v.gender !== 'MALE' && isBlank(v.voter_id_file)) add('voter_id_file', M.missingVoterId);
    }),
  );
export type KycForm = z.output<typeof kycSchema>;
export type KycFormInput = z.input<typeof kycSchema>;
