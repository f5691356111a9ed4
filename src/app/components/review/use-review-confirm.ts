import { countUnsyncedOf } from '../../db/outbox.actions';
import { useFeatureT } from '../../i18n/feature-text';
import { saveOpenSteps } from '../form/open-step';
import type { Asking } from './review-asking-dialog';
import { reviewText, statusInWords } from './review.text';
import type { useReviewCall } from './use-review-call';

/**
 * The review section's confirm: makes the call asked for with its remarks (a resubmit sends this
 * phone's changes of the application first) and answers the dialog's message, or null when done.
 */
export function useReviewConfirm(localId: string, run: ReturnType<typeof useReviewCall>['run'], onDone: (message: string) => void) {
  const { t } = useFeatureT(reviewText);

  /**
   * The server counts only what reached it: this phone's waiting changes of the application are
   * sent first, and a resubmit that would still miss some is not made (issue 21 D4).
   */
  const unsyncedBeforeResubmit = async (): Promise<string | null> => {
    if ((await countUnsyncedOf(localId)) === 0) return null;
    const { syncNow } = await import('../../sync/page-sync');
    await syncNow();
    const left = await countUnsyncedOf(localId);
    return left === 0 ? null : t('appReview.resubmitUnsynced', { count: left });
  };

  return async (asking: Asking, remarks: string): Promise<string | null> => {
    if (asking.kind === 'action' && asking.action.kind === 'resubmit') {
      // The step open on this screen, changed and not yet sent: saved first, so the change counts.
      if ((await saveOpenSteps(localId)) === 'refused') return t('appReview.openStepRefused');
      const unsynced = await unsyncedBeforeResubmit();
      if (unsynced) return unsynced;
    }
    const outcome =
      asking.kind === 'deviation'
        ? await run({
            kind: 'deviation',
            decision: {
              type: asking.deviation.type,
              ...(asking.deviation.coApplicantId ? { co_applicant_id: asking.deviation.coApplicantId } : {}),
              decision: asking.decision,
              remarks,
            },
          })
        : asking.action.kind === 'resubmit'
          ? await run({ kind: 'resubmit', ...(remarks ? { remarks } : {}) })
          : await run({ kind: 'move', status: asking.action.to, ...(remarks ? { remarks } : {}) });
    if (!outcome.ok) return outcome.message;
    const message =
      asking.kind === 'deviation'
        ? t('appReview.decided', { decision: t(`appReview.deviation.${asking.decision}`).toLowerCase() })
        : asking.action.kind === 'resubmit'
          ? t('appReview.resubmitted')
          : t('appReview.moved', { status: statusInWords(t, outcome.status ?? asking.action.to) });
    onDone(message);
    return null;
  };
}
