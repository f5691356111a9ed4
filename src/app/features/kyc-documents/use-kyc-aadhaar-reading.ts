import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../components/notify';
import { markReadingFilledOnKyc, markReadingsOffered } from '../../db/files.actions';
import { useUnofferedReadings } from '../../db/files.hooks';
import type { LocalApplication } from '../../db/records';
import { toBorrowerValues } from '../borrower/borrower-fields';
import { borrowerText } from '../borrower/borrower.text';
import {
  aadhaarReadingOf,
  fillEmptyGuardian,
  putReadingInBorrowerDraft,
  readingChanges,
  type AadhaarReading,
} from './aadhaar-front-reading';
import type { KycValues } from './kyc-fields';

const AADHAAR_FRONT_FIELD = 'aadhaar_front_file';
/** The shell's 'form.draftSaveFailed' (translated by notify). */
const DRAFT_SAVE_FAILED = 'This form could not be saved on the phone. Keep the screen open and try again.';

export type KycAadhaarReading = {
  /** The newest reading not yet offered, when it would change the borrower's details. */
  offer: AadhaarReading | null;
  /** "Use these": into Borrower Info's draft, then Borrower Info opens to check and send it. */
  use: () => Promise<void>;
  /** "Not now": the reading is not offered again (Borrower Info still fills its empty fields from none). */
  dismiss: () => Promise<void>;
};

/**
 * DECISIONS "Public applicant flow" on the step where the Aadhaar front is uploaded: when its
 * upload answers a reading, the KYC form's empty guardian fields are filled from the card's
 * "care of" (once; the form says 'Aadhaar Front data prefilled'), and the name, DOB, gender
 * and address it read are offered for Borrower Info (aadhaar-reading-panel.tsx). Each field can
 * still be changed where it lands.
 */
export function useKycAadhaarReading(
  app: LocalApplication,
  serverId: string,
  form: Pick<UseFormReturn<KycValues>, 'getValues' | 'setValue'>,
): KycAadhaarReading {
  const navigate = useNavigate();
  const unused = useUnofferedReadings(app.localId, AADHAAR_FRONT_FIELD);
  const latest = unused?.at(-1);
  const reading = latest ? aadhaarReadingOf(latest.parsedData) : null;

  useEffect(() => {
    if (!latest || latest.parsedDataKycFilled || !reading) return;
    // Marked first: a second render before the write lands must not fill (or say so) twice.
    void markReadingFilledOnKyc(latest.localId);
    if (fillEmptyGuardian(form, reading)) notifySuccess(borrowerText.en['borrower.aadhaarFrontPrefilled']);
    // Only a new reading runs this again.
  }, [latest?.localId]);

  const borrower = toBorrowerValues(app.steps?.borrower ?? app.server ?? undefined);
  const offer = reading && readingChanges(borrower, reading.fill) ? reading : null;
  const offered = () => markReadingsOffered((unused ?? []).map((file) => file.localId));

  return {
    offer,
    use: async () => {
      if (!offer) return;
      try {
        await putReadingInBorrowerDraft(app, offer.fill);
        await offered();
        navigate(`/application/mobile?id=${serverId}`);
      } catch {
        notifyError(DRAFT_SAVE_FAILED);
      }
    },
    dismiss: async () => {
      await offered();
    },
  };
}
