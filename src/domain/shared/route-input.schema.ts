import * as z from 'zod/mini';
import { SHAPE_MAX } from '../policy/limits';
import { MSG } from '../messages/messages';
import { PATTERNS } from '../identity/patterns';

// Path parameters and queries of the server's routes that no form shares, with the message each
// route answers. The server declares them as its route schemas (validation and the OpenAPI
// document); exact patterns, nothing trimmed, as the routes checked them by hand before.

export const ROUTE_INPUT_MSG = {
  invalidFileId: 'file_id must be 32 lowercase hex characters',
  invalidRequestId: 'Request id must be 32 lowercase hex characters',
} as const;

/** Exactly `pattern`, at most `max` characters, one message throughout. */
const exactly = (pattern: RegExp, max: number, message: string) =>
  z.string(message).check(z.maxLength(max, message), z.regex(pattern, message));

/** `GET /api/v1/pincode/get-city-state?pincode=`. */
export const pincodeQuery = z.object({ pincode: exactly(PATTERNS.pincode, SHAPE_MAX.pincode, MSG.invalidPincode) });

/** `GET /api/v1/loan-application/presigned-url?file_id=`. */
export const fileIdQuery = z.object({ file_id: exactly(PATTERNS.applicationId, SHAPE_MAX.applicationId, ROUTE_INPUT_MSG.invalidFileId) });

/** `/api/v1/join-us/requests/:id`: a partner request's id. */
export const joinUsRequestParams = z.object({
  id: exactly(PATTERNS.applicationId, SHAPE_MAX.applicationId, ROUTE_INPUT_MSG.invalidRequestId),
});

/** `GET /api/v1/app/mfi/phone-number/:phone`: the borrower's mobile. */
export const borrowerPhoneParams = z.object({ phone: exactly(PATTERNS.mobile, SHAPE_MAX.mobile, MSG.invalidMobileNumber) });
