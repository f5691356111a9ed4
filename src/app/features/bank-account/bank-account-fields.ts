import {
  queuedPathOf,
  STEP_ROUTES,
  BANK_NAME_DEVIATION,
  bankAccountSchema,
  digitsOnly,
  schemaField,
  typedFieldsOf,
  type BankAccountForm,
  type BankListItem,
  type StatementIdentity,
} from '../../../domain';
import type { Control } from 'react-hook-form';
import type { FieldOption, FormText } from '../../components/form';
import { IMAGE_OR_PDF } from '../../components/upload/check-file';
import { businessStepsText } from '../../i18n/business-steps.text';
import type { BankAccountKey } from './bank-account.text';
import { isObject } from '../../../domain/shared/is-object';

/** Draft and step name of the bank account form (spec 02 §3 "Local drafts"). */
export const BANK_FORM = 'bank_account';
export const BANK_URL = queuedPathOf(STEP_ROUTES.bankAccount);
/** "Change account": the verified account given up (its check cleared on the server). */
export const BANK_CHANGE_URL = queuedPathOf(STEP_ROUTES.bankAccountChange);

/** The typed fields: the schema's, in its order (the proof is uploaded, the deviations follow from Verify). */
export type BankTextField = Exclude<keyof BankAccountForm, 'bank_proof' | 'deviations'>;
export const BANK_TEXT_FIELDS = typedFieldsOf<BankTextField>(bankAccountSchema, []);
/** The form: the schema's typed fields as text. */
export type BankValues = FormText<BankAccountForm, BankTextField>;
export const EMPTY_BANK: BankValues = Object.fromEntries(BANK_TEXT_FIELDS.map((f) => [f, ''])) as BankValues;

/** The bank proof: image or PDF (spec 02 §5), kept per application. */
export const BANK_PROOF = {
  field: 'bank_proof',
  uploadField: 'bank_account.bank_proof',
  label: 'bank.proof' as BankAccountKey,
  entryLabel: 'Bank proof',
  accept: IMAGE_OR_PDF,
};
export const BANK_UPLOAD = { upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'bank', file_type: 'BANK_PROOF' };

/** The account types the schema takes. */
const ACCOUNT_TYPES = schemaField(bankAccountSchema, 'account_type').options ?? [];
export const ACCOUNT_TYPE_OPTIONS: FieldOption[] = ACCOUNT_TYPES.map((type, i) => ({
  value: type,
  label: `bankType.${i}` as BankAccountKey,
}));

export const bankInputId = (name: string) => `bank-${name}`;

const ACCOUNT_NUMBER_MAX = schemaField(bankAccountSchema, 'account_number').maxLength;

export const NORMALISE: Partial<Record<BankTextField, (value: string) => string>> = {
  account_number: (v) => digitsOnly(v, ACCOUNT_NUMBER_MAX),
  confirm_account_number: (v) => digitsOnly(v, ACCOUNT_NUMBER_MAX),
  ifsc_code: (v) =>
    v
      .toUpperCase()
      .replace(/[^A-Z0-9 ]/g, '')
      .slice(0, 12),
};

/** The props that bind a typed field to the form: its id, its message and what it keeps of what was typed. */
export function bankBinding(
  // any: the fields read and write raw values only; the parsed output type does not matter to them.
  control: Control<BankValues, unknown, any>,
  errorOf: (name: string) => string | undefined,
  errorId: string | undefined,
) {
  return (name: BankTextField) => ({ name, control, id: bankInputId(name), error: errorOf(name), errorId, normalise: NORMALISE[name] });
}
export type BankBinding = ReturnType<typeof bankBinding>;

/** The checks of the form, kept in its draft beside the values (one-way: a verified bank stays so until "Change account"). */
export type BankChecks = {
  verified?: { account_number: string; ifsc: string; holder: string };
  nameMatch?: { holder: string; result: Record<string, unknown> & { is_match: boolean } };
};

/** The form's values from a draft, the submitted step or the server's bank account. */
export function toBankValues(source: unknown): BankValues {
  const values = { ...EMPTY_BANK };
  if (!isObject(source)) return values;
  for (const name of BANK_TEXT_FIELDS) {
    const value = source[name];
    if (typeof value === 'string') values[name] = value;
  }
  if (!values.confirm_account_number && values.account_number && !isObject(source.checks))
    values.confirm_account_number = values.account_number;
  return values;
}

export const toBankChecks = (source: unknown): BankChecks =>
  isObject(source) && isObject(source.checks) ? (source.checks as BankChecks) : {};

/** Spec 02 §4: a holder name that does not match the borrower is sent on as this deviation. */
export const bankDeviation = (checks: BankChecks) =>
  checks.nameMatch && !checks.nameMatch.result.is_match ? [{ type: BANK_NAME_DEVIATION, info: checks.nameMatch.result }] : undefined;

/** A bank's label: its catalogue entry by code (Hindi where translated), the server's name otherwise (as the business form's). */
export const bankLabel = (bank: { name: string; code?: string | null }): BankAccountKey | string =>
  bank.code && Object.hasOwn(businessStepsText.en, `bank.name.${bank.code}`) ? (`bank.name.${bank.code}` as BankAccountKey) : bank.name;

/** Issue 21 D10: the account as a statement read it; a type or bank the lists lack is left to choose. */
export function valuesFromStatement(identity: StatementIdentity, banks: readonly BankListItem[]): Partial<Record<BankTextField, string>> {
  const type = identity.account_type.trim().toUpperCase();
  const listed = banks.find((b) => b.name.toLowerCase() === identity.bank_name.trim().toLowerCase());
  return {
    account_holder_name: identity.name,
    account_number: identity.account_number,
    confirm_account_number: identity.account_number,
    ifsc_code: identity.ifsc,
    ...(ACCOUNT_TYPES.includes(type) ? { account_type: type } : {}),
    ...(listed ? { bank_name: listed.name } : {}),
  };
}
