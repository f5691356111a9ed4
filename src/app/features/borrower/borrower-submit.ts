import {
  ageFromDob,
  APPLICATION_ROUTES,
  borrowerSchema,
  queuedPathOf,
  isValidAadhaar,
  maskAadhaar,
  toIsoDate,
  type CalendarDate,
} from '../../../domain';
import type { StepSubmit } from '../../db/application-steps.repository';
import { BORROWER_NAME_DEVIATION, currentNameMatch, type BorrowerChecks } from './borrower-checks';
import type { BorrowerField, BorrowerValues } from './borrower-fields';
import { borrowerText } from './borrower.text';

/** PUT is the officer's borrower step; PATCH the reviewers' (and a rejected or in-review application's) update. */
export type BorrowerMethod = 'PUT' | 'PATCH';

export type FieldErrors = Partial<Record<BorrowerField, string>>;

export type BorrowerPlan =
  | { ok: true; submit: Omit<StepSubmit, 'applicationLocalId'>; deviation: boolean }
  | { ok: false; errors: FieldErrors; first: { field: BorrowerField; message: string } };

/** The server's masked Aadhaar, as the application view answers it. */
export const isMaskedAadhaar = (value: string) => /^X{4} X{4} [0-9]{4}$/.test(value.trim());

/** Shown instead of the number once all 12 digits are in (DECISIONS: Aadhaar masked everywhere). */
export const displayAadhaar = (value: string) =>
  isMaskedAadhaar(value) ? value.trim() : /^[0-9]{12}$/.test(value) ? maskAadhaar(value) : value;

let standIn: string | undefined;
/**
 * A number that passes the Aadhaar checks, validated in place of the server's masked one, which
 * is then not sent (the server keeps the stored one).
 */
function aadhaarStandIn(): string {
  if (standIn) return standIn;
  for (let digit = 0; digit <= 9 && !standIn; digit += 1) {
    if (isValidAadhaar(`23456789012${digit}`)) standIn = `23456789012${digit}`;
  }
  return standIn ?? '';
}

/** An optional field left empty (or dropped, like owned-by of an address not family-owned) is sent as null, so an update clears it. */
const blankToNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);
const OPTIONAL = ['alternate_phone', 'email', 'voter_id', 'landmark', 'address_owned_by'] as const;

/**
 * Checks the form with the shared schema (spec 02 §5, with the spec's messages in screen order)
 * and builds the step's request: the parsed values, the DOB as YYYY-MM-DD, the age, and the
 * name-mismatch deviation when the names did not match.
 */
export function planBorrowerSubmit(
  values: BorrowerValues,
  checks: BorrowerChecks,
  options: { today: CalendarDate; method: BorrowerMethod },
): BorrowerPlan {
  const maskedAadhaar = isMaskedAadhaar(values.aadhaar);
  // A masked Aadhaar is sent as none: a second-type update leaves it as stored, and the step keeps
  // the number verified by OTP (the server puts it back). Unverified, the step needs it typed again.
  const keepStored = maskedAadhaar && (options.method === 'PATCH' || checks.aadhaar);
  const age = ageFromDob(values.dob, options.today);
  const input = {
    ...values,
    aadhaar: keepStored ? aadhaarStandIn() : values.aadhaar,
    age: age ?? '',
    is_phone_verified: checks.mobile,
  };
  const parsed = borrowerSchema(options.today).safeParse(input);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && !(field in errors)) errors[field as BorrowerField] = issue.message;
    }
    // The officer's step sends the whole number: a masked one must be typed again.
    if (maskedAadhaar && errors.aadhaar) errors.aadhaar = borrowerText.en['borrower.aadhaarReenter'];
    const issue = parsed.error.issues[0];
    const field = (typeof issue?.path[0] === 'string' ? issue.path[0] : 'phone') as BorrowerField;
    return { ok: false, errors, first: { field, message: errors[field] ?? issue?.message ?? '' } };
  }

  const form = parsed.data;
  const body: Record<string, unknown> = { ...form, dob: toIsoDate(form.dob) ?? form.dob };
  for (const name of OPTIONAL) body[name] = blankToNull(body[name]);
  if (keepStored) delete body.aadhaar;
  if (options.method === 'PATCH') {
    // The phone and its verified flag are the server's.
    delete body.phone;
    delete body.is_phone_verified;
  } else {
    body.is_phone_verified = true;
  }
  const match = currentNameMatch(values.name, checks);
  const deviation = match !== null && match.is_match === false;
  if (deviation) body.deviations = [{ type: BORROWER_NAME_DEVIATION, info: match }];

  return {
    ok: true,
    deviation,
    submit: {
      form: 'borrower',
      label: 'Borrower details',
      method: options.method,
      url: queuedPathOf(APPLICATION_ROUTES[options.method === 'PUT' ? 'borrower' : 'update']),
      body,
      // Kept on the phone: the Aadhaar only masked.
      values: { ...values, aadhaar: displayAadhaar(values.aadhaar), age, checks },
      stage: 'BORROWER_INFO',
    },
  };
}
