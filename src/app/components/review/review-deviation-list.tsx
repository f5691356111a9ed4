import { useEffect, useState } from 'react';
import { codeInWords } from '../../i18n/code-labels';
import { useFeatureT } from '../../i18n/feature-text';
import type { ReviewDeviation } from './review-deviations';
import { reviewText } from './review.text';

type Props = {
  deviations: readonly ReviewDeviation[];
  /** The branch manager decides pending deviations. */
  canDecide: boolean;
  disabled: boolean;
  describedBy?: string;
  onDecide: (deviation: ReviewDeviation, decision: 'APPROVED' | 'REJECTED') => void;
};

/** The deviations with their status for everyone; Approve / Reject on a pending one for the branch manager. */
export function ReviewDeviationList({ deviations, canDecide, disabled, describedBy, onDecide }: Props) {
  const { t, lang } = useFeatureT(reviewText);
  const pending = deviations.filter((d) => d.status === 'PENDING').length;
  // Open while something waits for a decision; a decision just made does not fold the list away.
  const [open, setOpen] = useState(pending > 0);
  useEffect(() => {
    if (pending > 0) setOpen(true);
  }, [pending]);
  return (
    <details className="app-review__deviations" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {t('appReview.deviations')} ({deviations.length}){pending > 0 && ` · ${t('appReview.deviationsPending', { count: pending })}`}
      </summary>
      <ul className="deviation-list">
        {deviations.map((deviation) => {
          const label = codeInWords(deviation.type, lang);
          const key = `${deviation.coApplicantId ?? 'app'}:${deviation.type}`;
          return (
            <li key={key} className="deviation-item">
              <div className="deviation-item__top">
                <span className="deviation-item__type">
                  {t('appReview.deviationOf', { type: label, whose: deviation.whose ?? t('appReview.whoseBorrower') })}
                </span>
                <span className="status-badge" data-status={deviation.status}>
                  {t(`appReview.deviation.${deviation.status as 'PENDING'}`)}
                </span>
              </div>
              {deviation.remarks && <p className="muted">{t('appReview.deviationRemarks', { remarks: deviation.remarks })}</p>}
              {canDecide && deviation.status === 'PENDING' && (
                <div className="deviation-item__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={disabled}
                    aria-describedby={describedBy}
                    aria-label={t('appReview.approveDeviation', { type: label })}
                    onClick={() => onDecide(deviation, 'APPROVED')}
                  >
                    {t('appReview.approve')}
                  </button>
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={disabled}
                    aria-describedby={describedBy}
                    aria-label={t('appReview.rejectDeviation', { type: label })}
                    onClick={() => onDecide(deviation, 'REJECTED')}
                  >
                    {t('appReview.reject')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
