import * as z from 'zod/mini';
import {
  nameMatcherBody,
  requestAadhaarOtpBody,
  submitAadhaarOtpBody,
  verifyPanBody,
  verifyVoterIdBody,
} from '../identity/verification-api.schema';
import { routeTable } from './route';
import { VERIFICATION_PATHS as PATHS } from './verification.paths';

const nameMatchSummarySchema = z.object({
  is_match: z.boolean(),
  score: z.number(),
  reference: z.object({ source: z.string(), value: z.string() }),
  results: z.array(z.object({ source: z.string(), value: z.string(), is_match: z.boolean(), score: z.number() })),
});

/**
 * The verification API (spec 02 §7): a borrower's identity checks, each recorded on the
 * application named in its body. Its answers carry `statusCode` beside the envelope's fields (the
 * server's verification.envelope.ts); `answer` is their `data`.
 */
export const VERIFICATION_ROUTES = routeTable({
  requestAadhaarOtp: {
    ...PATHS.requestAadhaarOtp,
    body: requestAadhaarOtpBody,
    answer: z.object({ status: z.literal('SUCCESS'), ref_id: z.string(), origin: z.string() }),
  },
  submitAadhaarOtp: {
    ...PATHS.submitAadhaarOtp,
    body: submitAadhaarOtpBody,
    answer: z.object({
      status: z.literal('VERIFIED'),
      name: z.string(),
      dob: z.string(),
      gender: z.string(),
      address: z.string(),
      /** The e-KYC's pincode: the form's place is filled from it (issue 21 D6). */
      pincode: z.optional(z.string()),
      aadhaar_masked: z.string(),
    }),
  },
  verifyPan: {
    ...PATHS.verifyPan,
    body: verifyPanBody,
    answer: z.object({ name_pan_card: z.string(), pan: z.string() }),
  },
  verifyVoterId: {
    ...PATHS.verifyVoterId,
    body: verifyVoterIdBody,
    answer: z.object({ result: z.object({ name: z.string(), voter_id: z.string() }) }),
  },
  nameMatcher: { ...PATHS.nameMatcher, body: nameMatcherBody, answer: nameMatchSummarySchema },
});
