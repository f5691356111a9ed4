import { useCallback, useState } from 'react';
import { isRejectedCoApplicant, MSG } from '../../../domain';
import { runBureauCheck } from '../../api/applications.api';
import { extractErrorMessage } from '../../api/error-message';
import { notifyError, notifySuccess } from '../../components/notify';
import { mirrorApplication } from '../../db/application-steps.actions';

export type BureauOutcome = 'passed' | 'rejected' | 'failed';

/**
 * Bureau Check of a rejected co-applicant (online only): the server runs the bureau again and
 * answers the co-applicant, which goes into the phone's tables. Still rejected: 'Bureau Check Failed!'.
 */
export function useBureauCheck(applicationId: string, applicationLocalId: string | undefined) {
  const [busyId, setBusyId] = useState<string | null>(null);

  const check = useCallback(
    async (coApplicantId: string, type: string): Promise<BureauOutcome> => {
      if (!applicationLocalId) return 'failed';
      setBusyId(coApplicantId);
      try {
        const answer = await runBureauCheck(applicationId, coApplicantId);
        if (!answer.success || !answer.data) {
          notifyError(answer.success ? MSG.somethingWentWrong : answer.message || MSG.somethingWentWrong);
          return 'failed';
        }
        await mirrorApplication(applicationLocalId, { co_applicants: [{ ...answer.data, id: coApplicantId }] });
        if (isRejectedCoApplicant({ type, ...answer.data })) {
          notifyError('Bureau Check Failed!');
          return 'rejected';
        }
        notifySuccess('Bureau check passed');
        return 'passed';
      } catch (caught) {
        notifyError(extractErrorMessage(caught));
        return 'failed';
      } finally {
        setBusyId(null);
      }
    },
    [applicationId, applicationLocalId],
  );

  return { busyId, check };
}
