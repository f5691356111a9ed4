import * as z from 'zod/mini';
import { PATTERNS } from './patterns';
import { MSG } from '../messages/messages';
import { INVALID_FILE, SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';
import { fileIdSchemas } from '../steps/schema-fields';

const text = (min: number, message: string, max: number, tooLong: string) =>
  z.string(message).check(z.trim(), z.minLength(min, message), z.maxLength(max, tooLong));
const matching = (pattern: RegExp, message: string, max: number) =>
  z.string(message).check(z.trim(), z.maxLength(max, message), z.regex(pattern, message));
/** An uploaded file's id: a longer value names no file. Registered as an upload, so the form does not type it. */
const requiredRef = (message: string) =>
  z.string(message).check(z.minLength(1, message), z.maxLength(TEXT_MAX.fileId, message)).register(fileIdSchemas, { upload: true });
const optionalText = (max: number, tooLong: string) => z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong)));

/** Spec 01 §5 partner registration table; field order is the order of the messages shown. */
export const joinUsRequestSchema = z.object({
  first_name: text(2, MSG.invalidFirstName, TEXT_MAX.name, TOO_LONG.firstName),
  last_name: text(2, MSG.invalidLastName, TEXT_MAX.name, TOO_LONG.lastName),
  mobile: matching(PATTERNS.mobile, MSG.invalidMobile, SHAPE_MAX.mobile),
  business_name: optionalText(TEXT_MAX.businessName, TOO_LONG.businessName),
  gst_number: optionalText(TEXT_MAX.gstNumber, TOO_LONG.gstNumber),
  email: z.string(MSG.invalidEmail).check(z.trim(), z.maxLength(TEXT_MAX.email, TOO_LONG.email), z.regex(PATTERNS.email, MSG.invalidEmail)),
  pincode: matching(PATTERNS.pincode, MSG.invalidPincode, SHAPE_MAX.pincode),
  city: text(1, MSG.invalidCity, TEXT_MAX.place, TOO_LONG.city),
  state: text(1, MSG.invalidState, TEXT_MAX.place, TOO_LONG.state),
  address: text(8, MSG.invalidAddress, TEXT_MAX.address, TOO_LONG.address),
  bank_name: text(3, MSG.invalidBankName, TEXT_MAX.bankName, TOO_LONG.bankName),
  account_number: matching(PATTERNS.accountNumber, MSG.invalidAccountNumber, SHAPE_MAX.accountNumber),
  ifsc: matching(PATTERNS.ifsc, MSG.invalidIfsc, SHAPE_MAX.ifsc),
  pan: requiredRef(MSG.missingPan),
  aadhaar_front: requiredRef(MSG.missingAadhaarFront),
  aadhaar_back: requiredRef(MSG.missingAadhaarBack),
  gst: z.optional(z.string().check(z.maxLength(TEXT_MAX.fileId, INVALID_FILE))).register(fileIdSchemas, { upload: true }),
  cancelled_cheque: requiredRef(MSG.missingCancelledCheque),
});
export type JoinUsRequest = z.infer<typeof joinUsRequestSchema>;

export const joinUsTrackSchema = z.object({ tracker_id: matching(PATTERNS.mobile, MSG.invalidMobile, SHAPE_MAX.mobile) });
