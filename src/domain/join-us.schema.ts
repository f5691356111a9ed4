import * as z from 'zod/mini';
import { PATTERNS } from './patterns';
import { MSG } from './messages';

const text = (min: number, message: string) => z.string(message).check(z.trim(), z.minLength(min, message));
const matching = (pattern: RegExp, message: string) => z.string(message).check(z.trim(), z.regex(pattern, message));
const requiredRef = (message: string) => z.string(message).check(z.minLength(1, message));
const optionalText = z.optional(z.string().check(z.trim()));

/** Spec 01 §5 partner registration table; field order is the order of the messages shown. */
export const joinUsRequestSchema = z.object({
  first_name: text(2, MSG.invalidFirstName),
  last_name: text(2, MSG.invalidLastName),
  mobile: matching(PATTERNS.mobile, MSG.invalidMobile),
  business_name: optionalText,
  gst_number: optionalText,
  email: matching(PATTERNS.email, MSG.invalidEmail),
  pincode: matching(PATTERNS.pincode, MSG.invalidPincode),
  city: text(1, MSG.invalidCity),
  state: text(1, MSG.invalidState),
  address: text(8, MSG.invalidAddress),
  bank_name: text(3, MSG.invalidBankName),
  account_number: matching(PATTERNS.accountNumber, MSG.invalidAccountNumber),
  ifsc: matching(PATTERNS.ifsc, MSG.invalidIfsc),
  pan: requiredRef(MSG.missingPan),
  aadhaar_front: requiredRef(MSG.missingAadhaarFront),
  aadhaar_back: requiredRef(MSG.missingAadhaarBack),
  gst: z.optional(z.string()),
  cancelled_cheque: requiredRef(MSG.missingCancelledCheque),
});
export type JoinUsRequest = z.infer<typeof joinUsRequestSchema>;

export const joinUsTrackSchema = z.object({ tracker_id: matching(PATTERNS.mobile, MSG.invalidMobile) });
