import type { HistoryEntry } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { formatDateTime } from '../format-time';
import { actorInWords, historyActionInWords, reviewText, statusInWords } from './review.text';

/** The bureau's reason codes as the rejection page shows them (underscores as spaces). */
const reasonsInWords = (reasons: unknown): string =>
  Array.isArray(reasons)
    ? reasons
        .filter((r): r is string => typeof r === 'string')
        .map((r) => r.replaceAll('_', ' '))
        .join(', ')
    : '';

export const formatWhen = (at: string): string => {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : formatDateTime(ms);
};

/** Every move and decision on the application (who, when, from, to, remarks), newest first, collapsed. */
export function ReviewHistory({ history }: { history: readonly HistoryEntry[] }) {
  const { t } = useFeatureT(reviewText);
  return (
    <details className="app-review__history">
      <summary>{t('appReview.historyCount', { count: history.length })}</summary>
      {history.length === 0 ? (
        <p className="muted">{t('appReview.historyEmpty')}</p>
      ) : (
        <ol className="history-list">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="history-item">
              <p className="history-item__what">
                <strong>{historyActionInWords(t, entry.action)}</strong>
                {entry.from && entry.to && entry.from !== entry.to && (
                  <span>
                    {' · '}
                    {t('appReview.historyMove', { from: statusInWords(t, entry.from), to: statusInWords(t, entry.to) })}
                  </span>
                )}
              </p>
              <p className="muted">
                {t('appReview.historyBy', {
                  name: actorInWords(t, entry.actor_name, entry.actor_designation),
                  time: formatWhen(entry.at),
                })}
              </p>
              {entry.action === 'BANK_ACCOUNT_CHANGED' && typeof entry.detail?.account_last4 === 'string' && (
                <p className="history-item__remarks">
                  {t('appReview.historyBankChanged', {
                    last4: entry.detail.account_last4,
                    ifsc: typeof entry.detail.ifsc === 'string' ? entry.detail.ifsc : '',
                  })}
                </p>
              )}
              {entry.action === 'GUARANTOR_REPLACED' && typeof entry.detail?.replaced_name === 'string' && (
                <p className="history-item__remarks" data-testid="history-guarantor-replaced">
                  {t('appReview.historyGuarantorReplaced', {
                    name: entry.detail.replaced_name,
                    reasons: reasonsInWords(entry.detail.rejection_reasons),
                  })}
                </p>
              )}
              {entry.decided_by === 'BRE' ? (
                <p className="history-item__remarks">
                  {t('appReview.historyByBre', { name: actorInWords(t, entry.actor_name, entry.actor_designation) })}
                </p>
              ) : (
                entry.remarks && <p className="history-item__remarks">{entry.remarks}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
