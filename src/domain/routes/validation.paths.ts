import { routeTable } from './route';

const OTP = '/api/v1/validation/mobile/otp';

/** A borrower's mobile validation by method and path only: the app's client fills them without the schemas (the precache's budget); validation.table.ts adds them. */
export const VALIDATION_PATHS = routeTable({
  send: { method: 'POST', path: `${OTP}/send` },
  resend: { method: 'POST', path: `${OTP}/resend` },
  verify: { method: 'POST', path: `${OTP}/verify` },
});
