import { useCallback, useState } from 'react';
import { matchNames, verifyPan, verifyVoterId, type NameMatchResult, type NameSource } from '../../api/verification.api';
import { notifyError, notifySuccess } from '../../components/notify';

export type IdentityChecks = {
  /** The PAN verified online and the name it carries. */
  pan?: { pan: string; name: string };
  voter?: { voter_id: string; name: string };
  /** The last name match: which input name was compared, and the whole answer (the deviation's info). */
  match?: { input: string; result: NameMatchResult };
};

export type CheckBusy = 'pan' | 'voter' | 'names' | null;

/** True when the name of the form was matched and did not match. */
export const isNameMismatch = (checks: IdentityChecks, name: string) =>
  !!checks.match && checks.match.input === name.trim() && checks.match.result.is_match === false;

/** The check's answer must be for the number now in the field. */
export const panVerified = (checks: IdentityChecks, pan: string) => !!checks.pan && checks.pan.pan === pan.trim().toUpperCase();
export const voterVerified = (checks: IdentityChecks, voterId: string) =>
  !!checks.voter && checks.voter.voter_id === voterId.trim().toUpperCase();

/**
 * The online checks of a co-applicant (spec 02 §4, §8): Verify PAN, Verify Voter Id, then the
 * name match of the verified names and the typed one. Each check's answer is kept (in the draft
 * too, through `onChange`), so the form knows what was verified after a reload.
 */
export function useIdentityChecks(applicationId: string | undefined, initial: IdentityChecks, onChange: (checks: IdentityChecks) => void) {
  const [checks, setChecks] = useState<IdentityChecks>(initial);
  const [busy, setBusy] = useState<CheckBusy>(null);

  const update = useCallback(
    (next: IdentityChecks) => {
      setChecks(next);
      onChange(next);
    },
    [onChange],
  );

  /** The name match of what is verified against `name`; null when there is nothing to compare or it failed. */
  const runNameMatch = useCallback(
    async (current: IdentityChecks, name: string): Promise<IdentityChecks> => {
      const input = name.trim();
      if (!applicationId || input.length < 3 || (!current.pan && !current.voter)) return current;
      const values: { value: string; source: NameSource }[] = [];
      if (current.pan) values.push({ value: current.pan.name, source: 'PAN' });
      if (current.voter) values.push({ value: current.voter.name, source: 'VOTER_ID' });
      values.push({ value: input, source: 'INPUT' });
      setBusy('names');
      try {
        const answer = await matchNames(applicationId, values);
        if (!answer.success || !answer.data) {
          notifyError(
            answer.success
              ? 'Failed to verify name matching. Please try again.'
              : answer.message || 'Failed to verify name matching. Please try again.',
          );
          return current;
        }
        const next = { ...current, match: { input, result: answer.data } };
        update(next);
        return next;
      } catch {
        notifyError('Failed to verify name matching. Please try again.');
        return current;
      } finally {
        setBusy(null);
      }
    },
    [applicationId, update],
  );

  const checkPan = useCallback(
    async (pan: string, name: string) => {
      if (!applicationId) return;
      const value = pan.trim().toUpperCase();
      setBusy('pan');
      let next: IdentityChecks | undefined;
      try {
        const answer = await verifyPan(value, applicationId);
        if (answer.success && answer.data?.name_pan_card) {
          next = { ...checks, pan: { pan: value, name: answer.data.name_pan_card }, match: undefined };
          update(next);
          notifySuccess('PAN verified successfully');
        } else if (!answer.success && answer.status_code === 400) {
          notifyError(answer.message || 'PAN verification failed');
        } else {
          notifyError('PAN verification failed,INVALID PAN!');
        }
      } catch {
        notifyError('PAN verification failed');
      } finally {
        setBusy(null);
      }
      if (next) await runNameMatch(next, name);
    },
    [applicationId, checks, runNameMatch, update],
  );

  const checkVoter = useCallback(
    async (voterId: string, name: string) => {
      if (!applicationId) return;
      const value = voterId.trim().toUpperCase();
      setBusy('voter');
      let next: IdentityChecks | undefined;
      try {
        const answer = await verifyVoterId(value, applicationId);
        const found = answer.success ? answer.data?.result?.name : undefined;
        if (found) {
          next = { ...checks, voter: { voter_id: value, name: found }, match: undefined };
          update(next);
          notifySuccess('Voter-Id verified successfully');
        } else if (answer.success) {
          notifyError('Invalid Voter-Id. Name not found');
        } else {
          notifyError(answer.message || 'Voter-Id verification failed');
        }
      } catch {
        notifyError('Voter ID verification failed');
      } finally {
        setBusy(null);
      }
      if (next) await runNameMatch(next, name);
    },
    [applicationId, checks, runNameMatch, update],
  );

  /** Before a submit: the typed name matched against the verified ones, if not done for this name. */
  const ensureNameMatch = useCallback(
    async (name: string): Promise<IdentityChecks> => (checks.match?.input === name.trim() ? checks : runNameMatch(checks, name)),
    [checks, runNameMatch],
  );

  return { checks, busy, checkPan, checkVoter, runNameMatch: (name: string) => runNameMatch(checks, name), ensureNameMatch };
}
