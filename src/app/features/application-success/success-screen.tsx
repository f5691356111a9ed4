import { Link } from 'react-router-dom';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import type { LocalApplication } from '../../db/records';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { successText } from './application-success.text';

/** The application's external loan id (DECISIONS "API shape"), once the server has given one. */
export const trackerIdOf = (app: LocalApplication): string | undefined => {
  const id = app.tracker_id ?? app.server?.tracker_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

function Success({ app }: { app: LocalApplication }) {
  const { t } = useFeatureT(successText, businessStepsText);
  const trackerId = trackerIdOf(app);
  return (
    <>
      <ApplicationNotice applicationLocalId={app.localId} />
      <p>{t('success.captured')}</p>
      {trackerId ? (
        <>
          <p className="muted">{t('success.trackerLabel')}</p>
          <p className="success-screen__tracker" data-testid="tracker-id">
            {trackerId}
          </p>
        </>
      ) : (
        <p className="field-note" role="status">
          {t('success.trackerLater')}
        </p>
      )}
      <div className="success-screen__actions">
        <Link to="/" className="button button--primary">
          {t('success.dashboard')}
        </Link>
        <Link to="/sync" className="button button--secondary">
          {t('success.sync')}
        </Link>
      </div>
    </>
  );
}

/** /application/success?id=<application id>: the officer's end of the capture, with the tracker id. */
export function SuccessScreen() {
  const { t } = useFeatureT(successText, businessStepsText);
  const frame = useApplicationInUrl();
  return (
    <section className="success-screen" aria-labelledby="success-title">
      <h1 id="success-title">{t('success.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('business.invalidId')}>
        {({ app }) => <Success app={app} />}
      </ApplicationGate>
    </section>
  );
}
