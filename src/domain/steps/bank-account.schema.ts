import * as z from 'zod/mini';
import { BANK_ACCOUNT_TYPES } from './form-options';
import { PATTERNS } from '../identity/patterns';
import { APP_MSG as M } from '../messages/application-messages';
import { BANK_NAME_DEVIATION } from './deviations.schema';
import { fileId, orderedRules, text } from './form-checks';
import { LIST_MAX, SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';

/** Spec 02 §3 bank account order: the order messages are reported in. */
export const BANK_ACCOUNT_FIELDS = [
  'account_holder_name',
  'account_number',
  'confirm_account_number',
  'account_type',
  'ifsc_code',
  'bank_name',
  'bank_proof',
  'deviations',
] as const;

export const bankDeviationMessage = `Deviation type must be ${BANK_NAME_DEVIATION}`;

/** The account type, trimmed and upper-cased (spec 02 §5: upper-cased on send), one of the shared list. */
export const accountTypeSchema = z.pipe(
  z
    .string(M.invalidAccountType)
    .check(z.trim(), z.toUpperCase(), z.minLength(1, M.invalidAccountType), z.maxLength(TEXT_MAX.code, M.invalidAccountType)),
  z.enum(BANK_ACCOUNT_TYPES, M.invalidAccountType),
);

/** IFSC, trimmed (spec 02 §5) and upper-cased, then the pattern of DECISIONS.md. */
export const ifscSchema = z
  .string(M.enterIfsc)
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, M.enterIfsc),
    z.maxLength(SHAPE_MAX.ifsc, M.invalidIfsc),
    z.regex(PATTERNS.ifsc, M.invalidIfsc),
  );

/** An account number: required, then 9-18 digits. */
export const accountNumberSchema = (missing: string) =>
  z
    .string(missing)
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(SHAPE_MAX.accountNumber, M.invalidAccountNumber),
      z.regex(PATTERNS.accountNumber, M.invalidAccountNumber),
    );

/** The confirmation must equal the account number (issue 21 D1: Verify asks it too, not only Submit). */
const confirmationRule = orderedRules(BANK_ACCOUNT_FIELDS, (v, add) => {
  if (
    typeof v.account_number === 'string' &&
    typeof v.confirm_account_number === 'string' &&
    v.account_number.trim() !== v.confirm_account_number.trim()
  ) {
    add('confirm_account_number', M.accountNumbersDiffer);
  }
});

/**
 * Spec 02 §5 bank account. The confirmation must equal the account number; a holder name that
 * does not match the borrower is continued with a BANK_NAME_MISMATCH_DEVIATION (its `info` is the
 * server's own match result, so the client's is dropped).
 */
export const bankAccountSchema = z
  .object({
    account_holder_name: text(3, M.invalidAccountHolderName, TEXT_MAX.name, TOO_LONG.accountHolderName),
    account_number: accountNumberSchema(M.enterAccountNumber),
    confirm_account_number: accountNumberSchema(M.confirmAccountNumber),
    account_type: accountTypeSchema,
    ifsc_code: ifscSchema,
    bank_name: text(1, M.selectBankName, TEXT_MAX.bankName, TOO_LONG.bankName),
    bank_proof: fileId(M.uploadBankProof),
    deviations: z.optional(
      z.nullable(
        z
          .array(z.object({ type: z.enum([BANK_NAME_DEVIATION], bankDeviationMessage) }, bankDeviationMessage), bankDeviationMessage)
          .check(z.maxLength(LIST_MAX.deviations, bankDeviationMessage)),
      ),
    ),
  })
  .check(confirmationRule);
export type BankAccountForm = z.output<typeof bankAccountSchema>;
export type BankAccountFormInput = z.input<typeof bankAccountSchema>;

/**
 * What 'Verify' needs before it asks the bank: the account, its confirmation equal to it, and
 * the IFSC, with the messages and in the order of the submit (so a verified account can always
 * be submitted as it was verified).
 */
export const bankVerifyInputSchema = z
  .object({
    account_number: accountNumberSchema(M.enterAccountNumber),
    confirm_account_number: accountNumberSchema(M.confirmAccountNumber),
    ifsc_code: ifscSchema,
  })
  .check(confirmationRule);

/**
 * "Change account" (issue 21 D1): the verified account the officer gives up. Its check is
 * cleared on the application, so the account, its confirmation and the IFSC can be edited and
 * the new account verified.
 */
export const bankAccountChangeSchema = z.object({
  account_number: accountNumberSchema(M.enterAccountNumber),
  ifsc_code: ifscSchema,
});
export type BankAccountChange = z.output<typeof bankAccountChangeSchema>;
