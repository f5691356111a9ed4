import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { notifySuccess } from '../../components/notify';
import { markReadingsOffered } from '../../db/files.actions';
import { useUnofferedReadings } from '../../db/files.hooks';
import type { BorrowerValues } from './borrower-fields';
import { borrowerText } from './borrower.text';
import { fillEmptyIdentity, identityFill, type IdentityFill } from './identity-prefill';

const AADHAAR_FRONT_FIELD = 'aadhaar_front_file';

/**
 * An Aadhaar front upload's `parsed_data` (the server's reading of its Secure QR or printed text) as the form's
 * values; null when the upload answered none or something else.
 */
export function aadhaarFrontFill(parsed: unknown): IdentityFill | null {
  if (typeof parsed !== 'object' || parsed === null) return null;
  const fill = identityFill(parsed as Record<string, unknown>);
  return fill.name ? fill : null;
}

/**
 * DECISIONS "Public applicant flow": when an upload of the application's Aadhaar front answered
 * what it says (its QR, or its printed text), the form's empty name, DOB, gender, address and
 * place are filled from it (each still editable) and the form says 'Aadhaar Front data
 * prefilled'; a reading the borrower chose on the KYC step ("Use these",
 * kyc-documents/use-kyc-aadhaar-reading.ts) replaces them. Each upload's reading is offered
 * once: a field the borrower empties afterwards is not filled again.
 */
export function useAadhaarFrontPrefill(
  applicationLocalId: string | undefined,
  form: Pick<UseFormReturn<BorrowerValues>, 'getValues' | 'setValue'>,
  setPincode: (pincode: string) => void,
): void {
  const unused = useUnofferedReadings(applicationLocalId, AADHAAR_FRONT_FIELD);

  const latest = unused?.at(-1);
  useEffect(() => {
    if (!latest || !unused) return;
    // Marked first: a second render before the write lands must not fill (or say so) twice.
    void markReadingsOffered(unused.map((file) => file.localId));
    const fill = aadhaarFrontFill(latest.parsedData);
    // Chosen on the KYC step ("Use these"): the reading replaces the details; else it fills the empty ones.
    const replace = latest.parsedDataChosen === true;
    if (fill && fillEmptyIdentity(form, fill, setPincode, replace).any) notifySuccess(borrowerText.en['borrower.aadhaarFrontPrefilled']);
    // Only a new reading runs this again.
  }, [latest?.localId]);
}
