import type { UseFormReturn } from 'react-hook-form';
import { loadFormDraft, saveFormDraft } from '../../db/drafts.actions';
import type { LocalApplication } from '../../db/records';
import type { BorrowerValues } from '../borrower/borrower-fields';
import { aadhaarFrontFill } from '../borrower/use-aadhaar-front-prefill';
import { BORROWER_FORM, startExisting, type BorrowerDraft } from '../borrower/use-borrower-start';
import type { IdentityFill } from '../borrower/identity-prefill';
import type { KycValues } from './kyc-fields';

/**
 * An Aadhaar front's reading as the KYC step offers it: the borrower's details it holds (for
 * Borrower Info), whether it was read from the printed text (OCR, unsigned) and the guardian
 * its "care of" names (a Secure QR's 'S/O: Shyam Yadav').
 */
export type AadhaarReading = {
  fill: IdentityFill;
  printed: boolean;
  guardian: { name: string; relationship: 'Father' | 'Husband' | 'Guardian' } | null;
};

/** 'S/O: Shyam Yadav' as the KYC form's guardian (son or daughter of: Father; wife of: Husband; care of: Guardian). */
export function guardianOfCareOf(careOf: unknown): AadhaarReading['guardian'] {
  const match = typeof careOf === 'string' ? /^\s*([SDWC])\s*\/\s*O\s*[:.-]?\s*(.+?)\s*$/i.exec(careOf) : null;
  if (!match) return null;
  const relation = match[1]!.toUpperCase();
  return { name: match[2]!, relationship: relation === 'W' ? 'Husband' : relation === 'C' ? 'Guardian' : 'Father' };
}

/** An upload's `parsed_data` as the KYC step's reading; null when it holds none. */
export function aadhaarReadingOf(parsed: unknown): AadhaarReading | null {
  const fill = aadhaarFrontFill(parsed);
  if (!fill) return null;
  const source = (parsed as { source?: unknown }).source;
  return { fill, printed: source === 'OCR', guardian: guardianOfCareOf((parsed as { care_of?: unknown }).care_of) };
}

/**
 * Fills the KYC form's empty guardian name and relation from the card's "care of". Answers
 * whether anything was filled; what was typed stays, and both can still be changed.
 */
export function fillEmptyGuardian(form: Pick<UseFormReturn<KycValues>, 'getValues' | 'setValue'>, reading: AadhaarReading): boolean {
  if (!reading.guardian) return false;
  const { getValues, setValue } = form;
  let filled = false;
  if (getValues('guardian_name').trim() === '') {
    setValue('guardian_name', reading.guardian.name, { shouldDirty: true });
    filled = true;
  }
  if (getValues('guardian_relationship') === '') {
    setValue('guardian_relationship', reading.guardian.relationship, { shouldDirty: true });
    filled = true;
  }
  return filled;
}

/** The borrower's values with the card's name, DOB, gender and address put in (a field the card did not give stays). */
export function withReading(values: BorrowerValues, fill: IdentityFill): BorrowerValues {
  const next = { ...values };
  for (const field of ['name', 'dob', 'gender', 'address', 'landmark'] as const) if (fill[field]) next[field] = fill[field]!;
  if (fill.pincode && fill.pincode !== values.pincode) {
    // Another pincode: its place is looked up again when Borrower Info opens.
    next.pincode = fill.pincode;
    next.city = '';
    next.district = '';
    next.state = '';
  }
  return next;
}

/** Whether the reading would change any of the borrower's details (else there is nothing to offer). */
export function readingChanges(values: BorrowerValues, fill: IdentityFill): boolean {
  const next = withReading(values, fill);
  return (['name', 'dob', 'gender', 'address', 'landmark', 'pincode'] as const).some((field) => next[field] !== values[field]);
}

/**
 * "Use these": the reading goes into the borrower form's draft on this phone (from its draft,
 * else what this phone submitted, else the server's view), which Borrower Info opens with; its
 * Next sends it as any change of the borrower's details is sent.
 */
export async function putReadingInBorrowerDraft(app: LocalApplication, fill: IdentityFill): Promise<void> {
  const draft = await loadFormDraft(BORROWER_FORM, app.localId);
  const start = startExisting(app, draft, false);
  await saveFormDraft(
    BORROWER_FORM,
    { values: withReading(start.values, fill), checks: start.checks } satisfies BorrowerDraft,
    app.localId,
  );
}
