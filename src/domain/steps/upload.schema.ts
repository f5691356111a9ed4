import * as z from 'zod/mini';
import { UPLOAD_TYPES } from './form-options';
import { SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';
import { PATTERNS } from '../identity/patterns';

/**
 * The text fields of the multipart upload bodies (spec 01 §7 "Uploads"), with the server's
 * messages. The server reads them from the multipart parts (trimmed, absent when empty) and can
 * check them here.
 */

/** The registration documents (`file_type` of /join-us/upload-file). */
export const JOIN_US_FILE_TYPES = ['PAN', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'GST', 'CANCELLED_CHEQUE'] as const;
export type JoinUsFileType = (typeof JOIN_US_FILE_TYPES)[number];

export const UPLOAD_MSG = {
  invalidApplicationId: 'application_id must be 32 lowercase hex characters',
  invalidRecordIndex: 'record_index must be a whole number',
  invalidMobileNumber: 'Invalid mobile number',
  invalidUploadType: `upload_type must be one of ${UPLOAD_TYPES.join(', ')}`,
  invalidJoinUsFileType: `file_type must be one of ${JOIN_US_FILE_TYPES.join(', ')}`,
  /** An application document's kind: upper-case letters, digits and underscores (BORROWER_PHOTO). */
  invalidFileType: 'file_type must be upper-case letters, digits and underscores',
  invalidNamePrefix: 'name_prefix must be lower-case letters, digits and underscores',
} as const;

/**
 * The application documents' kinds are open-ended (each step adds its own: BORROWER_PHOTO, PAN,
 * BANK_STATEMENT1, SHOP_PHOTO...), so `file_type` is a bounded code rather than an enum.
 */
const code = (pattern: RegExp, tooLong: string, message: string) =>
  z.optional(z.string(message).check(z.maxLength(TEXT_MAX.code, tooLong), z.regex(pattern, message)));

/** Fields of /apply-loan/upload-file and /apply-loan/bulk-upload. */
export const applicationUploadFields = z.object({
  application_id: z.optional(
    z
      .string(UPLOAD_MSG.invalidApplicationId)
      .check(
        z.maxLength(SHAPE_MAX.applicationId, UPLOAD_MSG.invalidApplicationId),
        z.regex(PATTERNS.applicationId, UPLOAD_MSG.invalidApplicationId),
      ),
  ),
  record_index: z.optional(
    z
      .string(UPLOAD_MSG.invalidRecordIndex)
      .check(z.maxLength(3, UPLOAD_MSG.invalidRecordIndex), z.regex(/^\d{1,3}$/, UPLOAD_MSG.invalidRecordIndex)),
  ),
  phone: z.optional(
    z
      .string(UPLOAD_MSG.invalidMobileNumber)
      .check(z.maxLength(SHAPE_MAX.mobile, UPLOAD_MSG.invalidMobileNumber), z.regex(PATTERNS.mobile, UPLOAD_MSG.invalidMobileNumber)),
  ),
  file_type: code(/^[A-Z0-9_]+$/, TOO_LONG.fileType, UPLOAD_MSG.invalidFileType),
  upload_type: z.optional(z.enum(UPLOAD_TYPES, UPLOAD_MSG.invalidUploadType)),
  name_prefix: code(/^[a-z0-9_]+$/, TOO_LONG.namePrefix, UPLOAD_MSG.invalidNamePrefix),
});
export type ApplicationUploadFields = z.infer<typeof applicationUploadFields>;

/** Fields of /join-us/upload-file. */
export const joinUsUploadFields = z.object({
  file_type: z.optional(z.enum(JOIN_US_FILE_TYPES, UPLOAD_MSG.invalidJoinUsFileType)),
});
