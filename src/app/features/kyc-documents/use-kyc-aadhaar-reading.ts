import { objectOrNull } from '../../../domain';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../components/notify';
import { chooseReadingForBorrower, markReadingFilledOnKyc, markReadingsOffered } from '../../db/files.actions';
import { useUnofferedReadings } from '../../db/files.hooks';
import type { LocalApplication } from '../../db/records';
import { aadhaarReadingOf, fillEmptyGuardian, readingChanges, type AadhaarReading } from './aadhaar-front-reading';
import { kycText } from './kyc-documents.text';
import type { KycValues } from './kyc-fields';

const AADHAAR_FRONT_FIELD = 'aadhaar_front_file';

export type KycAadhaarReading = {
  /** The newest reading not yet offered, when it would change the borrower's details. */
  offer: AadhaarReading | null;
  /** "Use these": Borrower Info opens and puts them in (each can still be changed there; its Next sends them). */
  use: () => Promise<void>;
  /** "Not now": the reading is not offered again. */
  dismiss: () => Promise<void>;
};

/**
 * DECISIONS "Public applicant flow" on the step where the Aadhaar front is uploaded: when its
 * upload answers a reading, the KYC form's empty guardian fields are filled from the card's
 * "care of" (once; the form says 'Aadhaar Front data prefilled'), and the name, DOB, gender and
 * address it read are offered for Borrower Info (aadhaar-reading-panel.tsx): "Use these" opens
 * Borrower Info, whose prefill (borrower/use-aadhaar-front-prefill.ts) puts them in its form.
 */
export function useKycAadhaarReading(
  app: LocalApplication,
  serverId: string,
  form: Pick<UseFormReturn<KycValues>, 'getValues' | 'setValue'>,
  /** False for a reviewer: nothing is filled or offered. */
  active = true,
): KycAadhaarReading {
  const navigate = useNavigate();
  const unused = useUnofferedReadings(app.localId, AADHAAR_FRONT_FIELD);
  const latest = unused?.at(-1);
  const reading = latest ? aadhaarReadingOf(latest.parsedData) : null;

  useEffect(() => {
    if (!active || !latest || latest.parsedDataKycFilled || !reading) return;
    // Marked first: a second render before the write lands must not fill (or say so) twice.
    void markReadingFilledOnKyc(latest.localId);
    if (fillEmptyGuardian(form, reading)) notifySuccess(kycText.en['kyc.read.prefilled']);
    // Only a new reading runs this again.
  }, [latest?.localId]);

  const borrower = objectOrNull(app.steps?.borrower) ?? objectOrNull(app.server) ?? undefined;
  const offer = active && reading && readingChanges(reading, borrower) ? reading : null;
  const ids = (unused ?? []).map((file) => file.localId);

  return {
    offer,
    use: async () => {
      if (!offer || !latest) return;
      await chooseReadingForBorrower(latest.localId, ids);
      navigate(`/application/mobile?id=${serverId}`);
    },
    dismiss: () => markReadingsOffered(ids).then(() => undefined),
  };
}
