import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { APP_MSG, isValidAadhaar, isValidPan, PATTERNS } from '../../../domain';
import {
  matchNames,
  requestAadhaarOtp,
  submitAadhaarOtp,
  verifyPan,
  verifyVoterId,
  type AadhaarIdentity,
} from '../../api/verification.api';
import { notifyError, notifySuccess } from '../../components/notify';
import { en } from '../../i18n/en';
import { nameMatchKey, nameMatchValues, type BorrowerChecks } from './borrower-checks';
import type { BorrowerValues } from './borrower-fields';
import type { FieldErrors } from './borrower-submit';
import { borrowerText } from './borrower.text';
import { fillEmptyIdentity, identityFill } from './identity-prefill';

export type CheckBusy = 'pan' | 'voter' | 'match' | null;

type Options = {
  form: UseFormReturn<BorrowerValues>;
  /** The application's server id: every check is recorded on it. */
  serverId: string | undefined;
  online: boolean;
  /** The access policy lets this caller run checks now; else the name match is not run by itself. */
  mayVerify: boolean;
  checks: BorrowerChecks;
  setChecks: (update: (current: BorrowerChecks) => BorrowerChecks) => void;
  setFieldError: (field: keyof FieldErrors, message: string) => void;
  /** Removes a field's message (under it and beside Next) once the field is verified. */
  clearFieldError: (field: keyof FieldErrors) => void;
  /** Sets the pincode and looks up its city, district and state (as typing it does). */
  setPincode: (pincode: string) => void;
};

const NAME_MATCH_DELAY_MS = 600;

/**
 * The borrower's online checks (DECISIONS "Needs connection"): PAN, voter ID and the Aadhaar
 * OTP, each recorded on the application; and the name match of the typed name against the
 * names the PAN and the voter ID are registered to, made again whenever those names change.
 */
export function useIdentityChecks({
  form,
  serverId,
  online,
  mayVerify,
  checks,
  setChecks,
  setFieldError,
  clearFieldError,
  setPincode,
}: Options) {
  const { getValues } = form;
  const [busy, setBusy] = useState<CheckBusy>(null);
  const aadhaarRef = useRef<{ ref_id: string; origin: string } | null>(null);
  const name = form.watch('name');

  const verifyPanNow = useCallback(async () => {
    if (!serverId || busy) return;
    const pan = getValues('pan').trim().toUpperCase();
    if (!isValidPan(pan, { person: true })) return setFieldError('pan', APP_MSG.invalidPan);
    setBusy('pan');
    try {
      const answer = await verifyPan(pan, serverId);
      if (answer.success) {
        setChecks((c) => ({ ...c, pan: { value: pan, name: answer.data?.name_pan_card ?? '' } }));
        clearFieldError('pan');
        notifySuccess(answer.message || borrowerText.en['borrower.panSuccess']);
      } else {
        // Spec 02 §8: a 400 shows the server's message; any other refusal the fixed one.
        notifyError(answer.status_code === 400 && answer.message ? answer.message : borrowerText.en['borrower.panInvalid']);
      }
    } catch {
      notifyError(borrowerText.en['borrower.panFailed']);
    } finally {
      setBusy(null);
    }
  }, [serverId, busy, getValues, setChecks, setFieldError, clearFieldError]);

  const verifyVoterNow = useCallback(async () => {
    if (!serverId || busy) return;
    const voterId = getValues('voter_id').trim().toUpperCase();
    if (!PATTERNS.epic.test(voterId)) return setFieldError('voter_id', APP_MSG.invalidVoterId);
    setBusy('voter');
    try {
      const answer = await verifyVoterId(voterId, serverId);
      const holder = answer.success ? answer.data?.result?.name : undefined;
      if (answer.success && holder) {
        setChecks((c) => ({ ...c, voter: { value: voterId, name: holder } }));
        clearFieldError('voter_id');
        notifySuccess(answer.message || borrowerText.en['borrower.voterSuccess']);
      } else if (answer.success) {
        notifyError(borrowerText.en['borrower.voterNotFound']);
      } else {
        notifyError(answer.status_code < 500 && answer.message ? answer.message : borrowerText.en['borrower.voterFailed']);
      }
    } catch {
      notifyError(borrowerText.en['borrower.voterFailed']);
    } finally {
      setBusy(null);
    }
  }, [serverId, busy, getValues, setChecks, setFieldError, clearFieldError]);

  /** Compares the names now; answers whether they match (null when it could not be checked). */
  const matchNow = useCallback(
    async (values = nameMatchValues(getValues('name'), checks)): Promise<boolean | null> => {
      if (!serverId || values.length < 2) return null;
      const key = nameMatchKey(values);
      setBusy((b) => b ?? 'match');
      try {
        const answer = await matchNames(serverId, values);
        if (!answer.success) {
          notifyError(en['borrower.nameMatchFailed']);
          return null;
        }
        setChecks((c) => ({ ...c, nameMatch: { key, result: answer.data } }));
        if (!answer.data.is_match) notifyError(en['borrower.namesMismatch']);
        return answer.data.is_match;
      } catch {
        notifyError(en['borrower.nameMatchFailed']);
        return null;
      } finally {
        setBusy((b) => (b === 'match' ? null : b));
      }
    },
    [serverId, checks, getValues, setChecks],
  );

  // After a PAN or voter ID check, and after the name changes, the names are compared again.
  const matchKey = nameMatchKey(nameMatchValues(name ?? '', checks));
  const stale = (checks.pan !== null || checks.voter !== null) && (name ?? '').trim().length >= 3 && checks.nameMatch?.key !== matchKey;
  const matchRef = useRef(matchNow);
  matchRef.current = matchNow;
  useEffect(() => {
    if (!stale || !online || !serverId || !mayVerify) return;
    const timer = setTimeout(() => void matchRef.current(), NAME_MATCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stale, matchKey, online, serverId, mayVerify]);

  const aadhaarReady = () => {
    const aadhaar = getValues('aadhaar');
    if (!isValidAadhaar(aadhaar)) {
      setFieldError('aadhaar', /^[0-9]{12}$/.test(aadhaar) ? APP_MSG.invalidAadhaar : APP_MSG.aadhaarLength);
      return false;
    }
    return true;
  };

  const aadhaarOtp = {
    onSend: async () => {
      const answer = await requestAadhaarOtp(getValues('aadhaar'), serverId ?? '');
      if (answer.success) aadhaarRef.current = { ref_id: answer.data.ref_id, origin: answer.data.origin || 'GL' };
      return answer;
    },
    onVerify: (otp: string) =>
      submitAadhaarOtp({
        ref_id: aadhaarRef.current?.ref_id ?? '',
        origin: aadhaarRef.current?.origin ?? 'GL',
        otp,
        application_id: serverId ?? '',
      }),
    /** Spec 02 §8: verified; the empty name, DOB, gender, address and place (pincode, city, district, state) are filled from Aadhaar. */
    onVerified: (identity: AadhaarIdentity) => {
      setChecks((c) => ({ ...c, aadhaar: true }));
      notifySuccess(borrowerText.en['borrower.aadhaarSuccess']);
      // The e-KYC's address is the whole address: no landmark of its own.
      const filled = fillEmptyIdentity(form, { ...identityFill(identity), landmark: '' }, setPincode);
      if (filled.addressOrPlace) notifySuccess(borrowerText.en['borrower.addressPrefilled']);
    },
  };

  return { busy, verifyPan: verifyPanNow, verifyVoter: verifyVoterNow, matchNow, nameMatchStale: stale, aadhaarReady, aadhaarOtp };
}
