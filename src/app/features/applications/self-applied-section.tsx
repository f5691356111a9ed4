import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CREATOR_DESIGNATION } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { listSelfApplied, takeOverApplication, type SelfAppliedItem } from '../../api/self-applied.api';
import { formatDateTime } from '../../components/format-time';
import { notifyError, notifySuccess } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { applicationsText } from './applications.text';

/**
 * "Self-applied" (DECISIONS "Public applicant flow"): what borrowers sent from their own phones
 * and no officer has taken yet. A relationship officer takes one over (online) and continues
 * with family members and the bank account; when another officer was first, it says so.
 */
export function SelfAppliedSection({ designation }: { designation: string | null }) {
  const { t, tm } = useFeatureT(applicationsText);
  const online = useOnline();
  const navigate = useNavigate();
  const [items, setItems] = useState<SelfAppliedItem[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    listSelfApplied().then(
      (answer) => setItems(answer.success ? (answer.data ?? []) : []),
      () => setItems([]),
    );
  }, []);
  useEffect(() => {
    if (online) load();
  }, [online, load]);

  if (!items || items.length === 0) return null;
  const officer = designation === CREATOR_DESIGNATION;

  const takeOver = async (id: string) => {
    setBusy(id);
    try {
      const answer = await takeOverApplication(id);
      if (answer.success) {
        notifySuccess(t('applications.tookOver'));
        navigate(`/application/family-details?id=${encodeURIComponent(id)}`);
        return;
      }
      notifyError(tm(answer.message || t('applications.takeOverFailed')));
      load();
    } catch (error) {
      notifyError(tm(extractErrorMessage(error)));
      load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="self-applied" aria-labelledby="self-applied-title">
      <h2 id="self-applied-title">{t('applications.selfApplied')}</h2>
      <p className="muted">{t('applications.selfAppliedNote')}</p>
      <ul className="applications-list">
        {items.map((item) => (
          <li key={item.id} className="self-applied__item">
            <p>
              <strong>{item.name ?? item.phone}</strong> · {item.tracker_id} · {item.phone}
            </p>
            <p className="muted">{t('applications.sentAt', { time: formatDateTime(Date.parse(item.submitted_at)) })}</p>
            {officer && (
              <button
                type="button"
                className="button button--primary"
                disabled={!online || busy !== null}
                onClick={() => void takeOver(item.id)}
              >
                {t('applications.takeOver')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
