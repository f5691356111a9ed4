import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SELF_SUBMIT_URL } from '../../api/apply-loan.api';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { useOnline } from '../../components/use-online';
import { queueStep } from '../../db/application-steps.actions';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { applyLoanText } from './apply-loan.text';

/** The step that sends the self-application to the branch; its values on the phone say it was sent. */
const SEND_FORM = 'self_submit';

const trackerIdOf = (app: LocalApplication): string | undefined => {
  const id = app.tracker_id ?? app.server?.tracker_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

function SendToBranch({ app }: { app: LocalApplication }) {
  const { t } = useFeatureT(applyLoanText);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const once = useRef(false);
  const sent = app.steps?.[SEND_FORM] !== undefined || typeof app.server?.self_submitted_at === 'string';
  const trackerId = trackerIdOf(app);
  const here = useLocation();

  // Queued once: the marker is written in the outbox entry's transaction, and a second tap finds it.
  const send = async () => {
    if (once.current || sent) return;
    once.current = true;
    setBusy(true);
    try {
      const at = new Date().toISOString();
      await queueStep({
        applicationLocalId: app.localId,
        form: SEND_FORM,
        label: 'Send to the branch',
        method: 'POST',
        url: SELF_SUBMIT_URL,
        body: {},
        values: { at },
      });
    } catch {
      once.current = false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ApplicationNotice applicationLocalId={app.localId} />
      {sent ? (
        <p className="apply-loan__done" role="status">
          {t(online ? 'applyLoan.sent' : 'applyLoan.sentOffline')}
        </p>
      ) : (
        <>
          <p>{t('applyLoan.sendIntro')}</p>
          <button type="button" className="button button--primary button--large" disabled={busy} onClick={() => void send()}>
            {t('applyLoan.send')}
          </button>
        </>
      )}
      {trackerId ? (
        <>
          <p className="muted">{t('applyLoan.trackerLabel')}</p>
          <p className="success-screen__tracker" data-testid="tracker-id">
            {trackerId}
          </p>
          <Link to="/apply-loan/track" state={{ trackerId, back: here.pathname + here.search }} className="button button--secondary">
            {t('applyLoan.track')}
          </Link>
        </>
      ) : (
        <p className="field-note">{t('applyLoan.trackerLater')}</p>
      )}
    </>
  );
}

/** /apply-loan/success: the borrower sends the application to the branch (queued, works offline) and sees its tracker id. */
export function ApplySuccessScreen() {
  const { t } = useFeatureT(applyLoanText);
  const frame = useApplicationInUrl();
  return (
    <section className="success-screen apply-loan" aria-labelledby="apply-success-title">
      <h1 id="apply-success-title">{t('applyLoan.successTitle')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('applyLoan.invalid')} review={false}>
        {({ app }) => <SendToBranch app={app} />}
      </ApplicationGate>
    </section>
  );
}
