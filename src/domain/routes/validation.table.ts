import * as z from 'zod/mini';
import { validationResendBody, validationSendBody, validationVerifyBody } from '../identity/verification-api.schema';
import { otpSessionSchema } from './otp-session';
import { routeTable } from './route';
import { VALIDATION_PATHS } from './validation.paths';

/** A borrower's mobile validation by the application-creating officer: a verified code creates the application (DRAFT). */
export const VALIDATION_ROUTES = routeTable({
  send: { ...VALIDATION_PATHS.send, body: validationSendBody, answer: otpSessionSchema },
  resend: { ...VALIDATION_PATHS.resend, body: validationResendBody },
  verify: { ...VALIDATION_PATHS.verify, body: validationVerifyBody, answer: z.object({ application_id: z.string() }) },
});
