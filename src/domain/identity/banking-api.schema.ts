import * as z from 'zod/mini';
import { APP_MSG as M } from '../messages/application-messages';
import { accountNumberSchema, ifscSchema } from '../steps/bank-account.schema';
import { mobile, optionalText } from '../steps/form-checks';
import { INVALID_FILE, LIST_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';
import { applicationIdSchema } from './verification-api.schema';

// Request bodies of the bank verification (verification API), the statement identity (banking
// API) and the CAM (main API), spec 02 §7, with the messages the routes answer.

export const BANKING_MSG = {
  /** Spec 02 §8: a statement the reader cannot read, or whose identity it cannot find. */
  identityFailed: 'Identity verification failed',
  bankVerificationFailed: 'Bank verification failed.',
  bankVerified: 'Bank verified successfully',
  /** ours */
  filesRequired: 'files must list at least one statement',
  tooManyFiles: `files may list at most ${LIST_MAX.statementFiles} statements`,
  invalidBankCode: 'Invalid bank_name',
  invalidMfiAppId: 'Invalid mfi_app_id',
} as const;

const fileRef = z.string(INVALID_FILE).check(z.trim(), z.minLength(1, INVALID_FILE), z.maxLength(TEXT_MAX.fileId, INVALID_FILE));
const statementPassword = optionalText(TEXT_MAX.password, TOO_LONG.statementPassword);

/** `POST /verification/v1/perfios/kyc/verify-bank-acc-v3`. */
export const verifyBankAccountBody = z.object({
  account_number: accountNumberSchema(M.invalidAccountNumber),
  ifsc: ifscSchema,
  phone: z.optional(z.nullable(mobile(M.invalidMobileNumber))),
  reference: optionalText(TEXT_MAX.reference, TOO_LONG.reference),
  application_id: applicationIdSchema,
});
export type VerifyBankAccountBody = z.infer<typeof verifyBankAccountBody>;

/** `POST /banking/v1/identity`: the statements to read; `application_id` (ours) also matches the name. */
export const bankIdentityBody = z.object({
  bank_name: z
    .string(M.invalidBankNameBusiness)
    .check(z.trim(), z.minLength(1, M.invalidBankNameBusiness), z.maxLength(TEXT_MAX.bankName, TOO_LONG.bankName)),
  files: z
    .array(z.object({ file_id: fileRef, password: statementPassword }), BANKING_MSG.filesRequired)
    .check(z.minLength(1, BANKING_MSG.filesRequired), z.maxLength(LIST_MAX.statementFiles, BANKING_MSG.tooManyFiles)),
  application_id: z.optional(applicationIdSchema),
});
export type BankIdentityBody = z.infer<typeof bankIdentityBody>;

/** `POST /api/v1/banking/bank-statement-info`: the CAM of one statement. `bank_name` is the bank's code. */
export const bankStatementInfoBody = z.object({
  bank_name: z
    .string(BANKING_MSG.invalidBankCode)
    .check(z.trim(), z.minLength(1, BANKING_MSG.invalidBankCode), z.maxLength(TEXT_MAX.bankName, TOO_LONG.bankName)),
  password: statementPassword,
  file_id: fileRef,
  mfi_app_id: z
    .string(BANKING_MSG.invalidMfiAppId)
    .check(z.maxLength(32, BANKING_MSG.invalidMfiAppId), z.regex(/^[0-9a-f]{32}$/, BANKING_MSG.invalidMfiAppId)),
});
export type BankStatementInfoBody = z.infer<typeof bankStatementInfoBody>;
