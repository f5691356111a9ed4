import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { firstMessage, SELF_APPLICATION_TEXT, trackLookupSchema } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { trackApplication, type TrackAnswer } from '../../api/review.api';
import { formatDateTime } from '../../components/format-time';
import { LookupForm } from '../../components/lookup-form';
import { useStatusWords } from '../../components/review/review.text';
import { useFeatureT } from '../../i18n/feature-text';
import { trackText, type TrackKey } from './track.text';

const TRACKER_MAX = 13;

/** A self-application's status in the borrower's words, by the server's message (its status is still Draft). */
const SELF_STATUS: Readonly<Partial<Record<string, TrackKey>>> = {
  [SELF_APPLICATION_TEXT.started]: 'trackApp.selfStartedStatus',
  [SELF_APPLICATION_TEXT.sent]: 'trackApp.selfSentStatus',
};

/** What the public flow hands the track page: the tracker id to fill, the way back to the application (a public-flow path only). */
function trackState(state: unknown): { trackerId: string; back: string | null } {
  const { trackerId, back } = (state ?? {}) as { trackerId?: unknown; back?: unknown };
  return {
    trackerId: typeof trackerId === 'string' ? trackerId.slice(0, TRACKER_MAX) : '',
    back: typeof back === 'string' && back.startsWith('/apply-loan/') ? back : null,
  };
}

/**
 * /application/track (signed in) and /apply-loan/track (signed out), spec 02 screen 16: the
 * tracker id (`^[A-Z]{3}[0-9]{10}$`, 'Invalid external loan id'), then the status in words.
 * Needs a connection. The server answers nothing personal.
 */
export function TrackApplicationScreen({ signedOut = false }: { signedOut?: boolean }) {
  const { t, tm } = useFeatureT(trackText);
  const words = useStatusWords();
  const handed = trackState(useLocation().state);
  const [trackerId, setTrackerId] = useState(handed.trackerId);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; data: TrackAnswer } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (busy) return;
    setResult(null);
    const parsed = trackLookupSchema.safeParse({ tracker_id: trackerId });
    if (!parsed.success) {
      // Spec 02 §8: a missing or malformed id is logged and nothing is asked of the server.
      console.error('Track: invalid external loan id', trackerId);
      setError(firstMessage(parsed.error));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await trackApplication(parsed.data.tracker_id);
      if (answer.success && answer.data) setResult({ message: answer.message ?? '', data: answer.data });
      else if (!answer.success && answer.status_code === 404) setError(t('trackApp.notFound'));
      else setError((!answer.success && answer.message) || extractErrorMessage(answer));
    } catch (caught) {
      setError(extractErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const selfStatus = result && Object.hasOwn(SELF_STATUS, result.message) ? SELF_STATUS[result.message] : undefined;
  const updated = result?.data.updated_at ? Date.parse(result.data.updated_at) : NaN;

  return (
    <section className="lookup-screen" aria-labelledby="track-app-title">
      <h1 id="track-app-title">{t('trackApp.title')}</h1>
      <p className="muted">{t('trackApp.intro')}</p>
      <LookupForm
        id="track-app-id"
        label={t('trackApp.trackerId')}
        value={trackerId}
        onChange={(value) => {
          setTrackerId(value.toUpperCase().replace(/\s/g, ''));
          setError(null);
          setResult(null);
        }}
        input={{ name: 'tracker_id', autoCapitalize: 'characters', spellCheck: false, maxLength: TRACKER_MAX }}
        inputRef={inputRef}
        error={error ? tm(error) : null}
        busy={busy}
        submitLabel={t('trackApp.submit')}
        busyLabel={t('trackApp.tracking')}
        onSubmit={() => void submit()}
      />
      <div aria-live="polite">
        {result && (
          <div className="lookup-result" role="status">
            <p>
              <strong>{t('trackApp.result', { tracker: result.data.tracker_id })}</strong>{' '}
              <span className="status-badge" data-status={result.data.status}>
                {selfStatus ? t(selfStatus) : words(result.data.status)}
              </span>
            </p>
            {result.message && <p>{tm(result.message)}</p>}
            {result.data.kfs_number && <p data-testid="track-kfs">{t('trackApp.kfs', { number: result.data.kfs_number })}</p>}
            {!Number.isNaN(updated) && <p className="muted">{t('trackApp.updated', { time: formatDateTime(updated) })}</p>}
          </div>
        )}
      </div>
      {signedOut && (
        <p>
          {handed.back ? <Link to={handed.back}>{t('trackApp.backToApplication')}</Link> : <Link to="/login">{t('trackApp.login')}</Link>}
        </p>
      )}
    </section>
  );
}

/** The public track screen (signed out). */
export const PublicTrackApplicationScreen = () => <TrackApplicationScreen signedOut />;
