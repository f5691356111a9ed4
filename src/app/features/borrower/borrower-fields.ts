import {
  BORROWER_FIELDS,
  digitsOnly,
  GENDER_CODES,
  GENDERS,
  HOUSE_TYPES,
  LIMITS,
  LOAN_PURPOSES,
  LOAN_TYPE_LABELS,
  LOAN_TYPES,
  MARITAL_STATUSES,
  OWNERSHIP_TYPES,
  SALUTATIONS,
  tenureOptions,
  toDisplayDate,
} from '../../../domain';
import type { Control } from 'react-hook-form';
import type { DropdownOption } from '../../components/searchable-dropdown';
import { toLocalMobile } from '../../components/mobile-input';

/** The borrower fields that are not typed into a text or choice control. */
const NOT_TYPED = ['age', 'terms_accepted', 'is_phone_verified', 'borrower_photo_from_aadhaar', 'remarks'] as const;
type TypedField = Exclude<(typeof BORROWER_FIELDS)[number], (typeof NOT_TYPED)[number]>;

/** The borrower form's typed fields: the domain's list in screen order (the order messages come in), less the others. */
export const BORROWER_TEXT_FIELDS = BORROWER_FIELDS.filter(
  (field): field is TypedField => !(NOT_TYPED as readonly string[]).includes(field),
);
export type BorrowerTextField = (typeof BORROWER_TEXT_FIELDS)[number];
export type BorrowerField = BorrowerTextField | 'terms_accepted' | 'age';

/** What the inputs hold: text as typed (numbers too), the terms box as a boolean. */
export type BorrowerValues = Record<BorrowerTextField, string> & { terms_accepted: boolean };

export const EMPTY_BORROWER_VALUES: BorrowerValues = {
  ...(Object.fromEntries(BORROWER_TEXT_FIELDS.map((name) => [name, ''])) as Record<BorrowerTextField, string>),
  terms_accepted: false,
};

/** A new form is empty: the loan type is the officer's choice, and it brings its default tenure. */
export function defaultBorrowerValues(): BorrowerValues {
  return { ...EMPTY_BORROWER_VALUES };
}

/**
 * Spec 02 §5: the default tenure is the first option of the loan type's table. A tenure the new
 * loan type also offers is kept.
 */
export function tenureForLoanType(loanType: string, current: string): string {
  const options = tenureOptions(loanType).map(String);
  if (options.includes(current)) return current;
  return options[0] ?? '';
}

export const borrowerInputId = (name: BorrowerField) => `borrower-${name.replaceAll('_', '-')}`;

const upperAlphanumeric = (max: number) => (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, max);
const amount = (value: string) => digitsOnly(value, 9);

/** What each field keeps of what was typed (spec 01 §5 "Input behaviour"). */
export const NORMALISE: Partial<Record<BorrowerTextField, (value: string) => string>> = {
  phone: toLocalMobile,
  alternate_phone: toLocalMobile,
  aadhaar: (value) => digitsOnly(value, 12),
  pan: upperAlphanumeric(10),
  voter_id: upperAlphanumeric(10),
  pincode: (value) => digitsOnly(value, LIMITS.pincodeLength),
  years_of_residence: (value) => digitsOnly(value, 2),
  amount_requested: amount,
  emi_requested: amount,
};

/** Ownership codes: 'Family Owned' is FAMILY_OWNED, the value the owned-by rule looks for. */
export const ownershipCode = (label: string) => label.toUpperCase().replace(/\s+/g, '_');

const same = (values: readonly string[]): DropdownOption[] => values.map((value) => ({ value, label: value }));

/** The choices of the form (spec 01 §3 shared enumerations). Labels are English, translated when shown. */
export const CHOICES = {
  title: same(SALUTATIONS),
  gender: GENDER_CODES.map((value, index) => ({ value, label: GENDERS[index] ?? value })),
  marital_status: same(MARITAL_STATUSES),
  address_ownership_type: OWNERSHIP_TYPES.map((label) => ({ value: ownershipCode(label), label })),
  house_type: same(HOUSE_TYPES),
  loan_type: LOAN_TYPES.map((value) => ({ value, label: LOAN_TYPE_LABELS[value] })),
  purpose: LOAN_PURPOSES.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) })),
} satisfies Partial<Record<BorrowerTextField, DropdownOption[]>>;

export const tenureChoices = (loanType: string): DropdownOption[] =>
  tenureOptions(loanType).map((months) => ({ value: String(months), label: `${months}` }));

const text = (value: unknown): string => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');

/**
 * Form values from what is stored (a draft, the values submitted on this phone, the server's
 * view): unknown keys dropped, numbers as text, the date of birth shown DD-MM-YYYY.
 */
export function toBorrowerValues(
  stored: Record<string, unknown> | undefined,
  base: BorrowerValues = defaultBorrowerValues(),
): BorrowerValues {
  if (!stored) return base;
  const values = { ...base };
  for (const name of BORROWER_TEXT_FIELDS) {
    if (stored[name] === undefined || stored[name] === null) continue;
    values[name] = text(stored[name]);
  }
  if (values.dob) values.dob = toDisplayDate(values.dob) ?? values.dob;
  if (typeof stored.terms_accepted === 'boolean') values.terms_accepted = stored.terms_accepted;
  return values;
}

/** The kit field props every borrower field shares: its id, grid cell, normalising and message. */
export function borrowerBinding(control: Control<BorrowerValues>, errors: Partial<Record<BorrowerField, string>>) {
  return <N extends BorrowerTextField>(name: N, wide = false) => ({
    name,
    control,
    id: borrowerInputId(name),
    className: wide ? 'borrower-field borrower-field--wide' : 'borrower-field',
    normalise: NORMALISE[name],
    error: errors[name],
  });
}

/** A choice sits in the grid itself (the dropdown draws its own field box) and is not normalised. */
export function asChoice<B extends { className?: string; normalise?: unknown }>({ className: _cell, normalise: _normalise, ...rest }: B) {
  return rest;
}
