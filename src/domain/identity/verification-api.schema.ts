import * as z from 'zod/mini';
import { hostnameSchema, loginMobileSchema, otpSchema, sessionIdSchema } from './auth.schema';
import { isValidAadhaar } from './identity';
import { LIST_MAX, SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';
import { PATTERNS } from './patterns';

// Request bodies of the borrower's mobile validation (main API /v1/validation/mobile/otp) and of
// the verification API (spec 02 §7). Messages are what the app shows as the server's message.

export const VERIFY_MSG = {
  invalidAadhaar: 'Invalid Aadhaar number',
  invalidPan: 'Invalid PAN',
  invalidVoterId: 'Invalid Voter ID',
  invalidApplicationId: 'Invalid application_id',
  invalidRefId: 'Invalid ref_id',
  invalidPurpose: 'purpose must be APPLY_LOAN_MFI',
  nameValuesRequired: 'values must list at least two names',
  tooManyNameValues: `values may list at most ${LIST_MAX.nameMatchValues} names`,
} as const;

export const VALIDATION_PURPOSES = ['APPLY_LOAN_MFI'] as const;
export const NAME_SOURCES = ['PAN', 'VOTER_ID', 'INPUT', 'BANK_ACCOUNT', 'AADHAAR'] as const;

export const applicationIdSchema = z
  .string(VERIFY_MSG.invalidApplicationId)
  .check(
    z.maxLength(SHAPE_MAX.applicationId, VERIFY_MSG.invalidApplicationId),
    z.regex(PATTERNS.applicationId, VERIFY_MSG.invalidApplicationId),
  );
/** Trimmed, upper-cased, at most `max` characters, then the pattern; one message throughout. */
const upperCode = (pattern: RegExp, message: string, max: number) =>
  z.string(message).check(z.trim(), z.toUpperCase(), z.maxLength(max, message), z.regex(pattern, message));

export const validationSendBody = z.object({ mobile: loginMobileSchema, hostname: hostnameSchema });
export const validationResendBody = z.object({ session_id: sessionIdSchema });
export const validationVerifyBody = z.object({
  session_id: sessionIdSchema,
  otp: otpSchema,
  purpose: z.enum(VALIDATION_PURPOSES, VERIFY_MSG.invalidPurpose),
});

export const requestAadhaarOtpBody = z.object({
  aadhaar: z.string(VERIFY_MSG.invalidAadhaar).check(
    z.overwrite((v) => v.replace(/\s+/g, '')),
    z.maxLength(SHAPE_MAX.aadhaar, VERIFY_MSG.invalidAadhaar),
    z.refine(isValidAadhaar, VERIFY_MSG.invalidAadhaar),
  ),
  application_id: applicationIdSchema,
});
export const submitAadhaarOtpBody = z.object({
  ref_id: z
    .string(VERIFY_MSG.invalidRefId)
    .check(z.minLength(1, VERIFY_MSG.invalidRefId), z.maxLength(TEXT_MAX.refId, VERIFY_MSG.invalidRefId)),
  origin: z.optional(z.string().check(z.maxLength(TEXT_MAX.code, TOO_LONG.origin))),
  application_id: applicationIdSchema,
  otp: otpSchema,
});
export const verifyPanBody = z.object({
  pan: upperCode(PATTERNS.pan, VERIFY_MSG.invalidPan, SHAPE_MAX.pan),
  application_id: applicationIdSchema,
});
export const verifyVoterIdBody = z.object({
  voter_id: upperCode(PATTERNS.epic, VERIFY_MSG.invalidVoterId, SHAPE_MAX.epic),
  reference: z.optional(z.string().check(z.maxLength(TEXT_MAX.reference, TOO_LONG.reference))),
  application_id: applicationIdSchema,
});
export const nameMatcherBody = z.object({
  application_id: applicationIdSchema,
  values: z
    .array(
      z.object({
        value: z
          .string('Each value needs a name')
          .check(z.trim(), z.minLength(1, 'Each value needs a name'), z.maxLength(TEXT_MAX.name, TOO_LONG.matchName)),
        source: z.enum(NAME_SOURCES, `source must be one of ${NAME_SOURCES.join(', ')}`),
      }),
      VERIFY_MSG.nameValuesRequired,
    )
    .check(z.minLength(2, VERIFY_MSG.nameValuesRequired), z.maxLength(LIST_MAX.nameMatchValues, VERIFY_MSG.tooManyNameValues)),
});

export type NameSource = (typeof NAME_SOURCES)[number];
export type NameMatcherBody = z.infer<typeof nameMatcherBody>;
