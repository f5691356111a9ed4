import type { HistoryEntry } from '../../../domain';
import { codesInWords } from '../../i18n/code-labels';
import { useFeatureT } from '../../i18n/feature-text';
import { languageName } from '../../i18n/languages';
import { formatDateTime } from '../format-time';
import { fieldLabel } from '../decisions/field-label';
import { actorInWords, has, historyActionInWords, reviewText, sectionsInWords, statusInWords } from './review.text';

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

const positionText = (p: unknown): string | null => {
  const pos = p as { latitude?: unknown; longitude?: unknown } | null;
  return typeof pos?.latitude === 'number' && typeof pos.longitude === 'number'
    ? `${pos.latitude.toFixed(5)}, ${pos.longitude.toFixed(5)}`
    : null;
};

/** A record version in the history (issue 32): what merged, what conflicted, which value each resolution kept and who chose. */
function RecordVersionDetail({ entry }: { entry: HistoryEntry }) {
  const { t, lang } = useFeatureT(reviewText);
  if (!entry.action.startsWith('RECORD_') || typeof entry.detail?.record !== 'string') return null;
  const key = entry.detail.record;
  const kind = key.split(':')[0]!;
  const recordKey = `appReview.record.${kind}`;
  const record = has(recordKey) ? t(recordKey) : kind;
  const fields = (list: unknown) =>
    (Array.isArray(list) ? list : [])
      .map((item) => (typeof item === 'string' ? item : (item as { field?: unknown })?.field))
      .filter((field): field is string => typeof field === 'string')
      .map((field) => fieldLabel(key, field, lang));
  const name = entry.actor_name ?? '';
  const lines =
    entry.action === 'RECORD_MERGED'
      ? [t('appReview.historyMerged', { record, fields: fields(entry.detail.merged_fields).join(', ') })]
      : entry.action === 'RECORD_CONFLICT'
        ? [t('appReview.historyConflict', { record, fields: fields(entry.detail.conflicts).join(', ') })]
        : ((entry.detail.resolved ?? []) as { field: string; kept: string }[]).map((r) =>
            t(r.kept === 'yours' ? 'appReview.historyKeptYours' : 'appReview.historyKeptTheirs', {
              record,
              field: fieldLabel(key, r.field, lang),
              name,
            }),
          );
  return (
    <>
      {lines.map((line) => (
        <p key={line} className="history-item__remarks" data-testid="history-record">
          {line}
        </p>
      ))}
    </>
  );
}

/** Every move and decision on the application (who, when, from, to, remarks), newest first, collapsed. */
export function ReviewHistory({ history }: { history: readonly HistoryEntry[] }) {
  const { t, lang } = useFeatureT(reviewText);
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
              {entry.action === 'KFS_ACKNOWLEDGED' && typeof entry.detail?.kfs_number === 'string' && (
                <p className="history-item__remarks" data-testid="history-kfs">
                  {t('appReview.historyKfs', {
                    number: entry.detail.kfs_number,
                    language: languageName(entry.detail.language),
                    mobile: String(entry.detail.mobile ?? ''),
                    position: positionText(entry.detail.position) ?? t('appReview.historyNoPosition'),
                  })}
                </p>
              )}
              {entry.action === 'RESUBMITTED' && Array.isArray(entry.detail?.changed) && (
                <p className="history-item__remarks">
                  {entry.detail.changed.length > 0
                    ? t('appReview.historyChanged', { sections: sectionsInWords(t, entry.detail.changed) })
                    : t('appReview.historyNothingChanged')}
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
              <RecordVersionDetail entry={entry} />
              {entry.decided_by === 'BRE' ? (
                <p className="history-item__remarks">
                  {t('appReview.historyByBre', { name: actorInWords(t, entry.actor_name, entry.actor_designation) })}
                </p>
              ) : (
                entry.remarks && <p className="history-item__remarks">{codesInWords(entry.remarks, lang)}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
