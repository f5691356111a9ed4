import * as z from 'zod/mini';
import { GENDER_CODES } from './enums';
import { APP_MSG as M } from './application-messages';
import { choice, fileId, isBlank, numberAtLeast, optionalText, orderedRules, text } from './form-checks';

/** Spec 02 §5 KYC order: the order messages are reported in. */
export const KYC_FIELDS = [
  'guardian_name', 'guardian_relationship', 'mother_name', 'category', 'religion', 'mother_tongue',
  'education_qualification', 'no_of_family_members', 'no_of_earning_members', 'photo_file', 'photo_geo_tag_info',
  'pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file', 'voter_id_back_file', 'gender',
  'remarks', 'status',
] as const;

export const geoTagSchema = z.object({ latitude: z.number(), longitude: z.number() });

/**
 * Spec 02 §5 KYC ('Borrowers Info'). `gender` is the borrower's, carried for the voter-ID rule:
 * a non-male borrower must upload the voter ID; with no gender given the rule does not apply.
 */
export const kycSchema = z
  .object({
    guardian_name: text(3, M.invalidKycGuardianName),
    guardian_relationship: choice(M.selectRelation),
    mother_name: text(3, M.invalidMotherName),
    category: choice(M.selectCategory),
    religion: choice(M.enterReligion),
    mother_tongue: choice(M.enterMotherTongue),
    education_qualification: choice(M.enterEducation),
    no_of_family_members: numberAtLeast(1, M.enterFamilyMembers),
    no_of_earning_members: numberAtLeast(1, M.enterEarningMembers),
    photo_file: fileId(M.uploadPhoto),
    photo_geo_tag_info: z.optional(z.nullable(geoTagSchema)),
    pan_file: fileId(M.missingPan),
    aadhaar_front_file: fileId(M.missingAadhaarFront),
    aadhaar_back_file: fileId(M.missingAadhaarBack),
    voter_id_file: optionalText,
    voter_id_back_file: optionalText,
    gender: z.optional(z.nullable(z.enum(GENDER_CODES))),
    remarks: optionalText,
    status: optionalText,
  })
  .check(
    orderedRules(KYC_FIELDS, (v, add) => {
      if (typeof v.gender === 'string' && v.gender !== 'MALE' && isBlank(v.voter_id_file)) add('voter_id_file', M.missingVoterId);
    }),
  );
export type KycForm = z.output<typeof kycSchema>;
export type KycFormInput = z.input<typeof kycSchema>;
