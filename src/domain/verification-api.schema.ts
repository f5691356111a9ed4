import * as z from 'zod/mini';
import { loginMobileSchema, otpSchema } from './auth.schema';
import { isValidAadhaar } from './identity';
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
} as const;

export const VALIDATION_PURPOSES = ['APPLY_LOAN_MFI'] as const;
export const NAME_SOURCES = ['PAN', 'VOTER_ID', 'INPUT', 'BANK_ACCOUNT', 'AADHAAR'] as const;

const sessionId = z.string('session_id is required').check(z.minLength(1, 'session_id is required'), z.maxLength(64, 'Invalid session_id'));
export const applicationIdSchema = z.string(VERIFY_MSG.invalidApplicationId).check(z.regex(PATTERNS.applicationId, VERIFY_MSG.invalidApplicationId));
const upper = (message: string) => z.string(message).check(z.trim(), z.toUpperCase());

export const validationSendBody = z.object({ mobile: loginMobileSchema, hostname: z.optional(z.string()) });
export const validationResendBody = z.object({ session_id: sessionId });
export const validationVerifyBody = z.object({
  session_id: sessionId,
  otp: otpSchema,
  purpose: z.enum(VALIDATION_PURPOSES, VERIFY_MSG.invalidPurpose),
});

export const requestAadhaarOtpBody = z.object({
  aadhaar: z.string(VERIFY_MSG.invalidAadhaar).check(
    z.overwrite((v) => v.replace(/\s+/g, '')),
    z.refine(isValidAadhaar, VERIFY_MSG.invalidAadhaar),
  ),
  application_id: applicationIdSchema,
});
export const submitAadhaarOtpBody = z.object({
  ref_id: z.string(VERIFY_MSG.invalidRefId).check(z.minLength(1, VERIFY_MSG.invalidRefId), z.maxLength(64, VERIFY_MSG.invalidRefId)),
  origin: z.optional(z.string()),
  application_id: applicationIdSchema,
  otp: otpSchema,
});
export const verifyPanBody = z.object({
  pan: upper(VERIFY_MSG.invalidPan).check(z.regex(PATTERNS.pan, VERIFY_MSG.invalidPan)),
  application_id: applicationIdSchema,
});
export const verifyVoterIdBody = z.object({
  voter_id: upper(VERIFY_MSG.invalidVoterId).check(z.regex(PATTERNS.epic, VERIFY_MSG.invalidVoterId)),
  reference: z.optional(z.string().check(z.maxLength(100))),
  application_id: applicationIdSchema,
});
export const nameMatcherBody = z.object({
  application_id: applicationIdSchema,
  values: z
    .array(
      z.object({
        value: z.string('Each value needs a name').check(z.trim(), z.minLength(1, 'Each value needs a name'), z.maxLength(200)),
        source: z.enum(NAME_SOURCES, `source must be one of ${NAME_SOURCES.join(', ')}`),
      }),
      VERIFY_MSG.nameValuesRequired,
    )
    .check(z.minLength(2, VERIFY_MSG.nameValuesRequired), z.maxLength(10, 'values may list at most 10 names')),
});

export type NameSource = (typeof NAME_SOURCES)[number];
export type NameMatcherBody = z.infer<typeof nameMatcherBody>;
