import * as z from 'zod/mini';

// Not in the domain's index: an answer, not input (tests/unit/domain/limits.test.ts bounds every exported input schema).

/** What a sent code answers: the OTP session to resend or verify it by (the login's, a borrower's validation, a guest's). */
export const otpSessionSchema = z.object({ session_id: z.string() });
