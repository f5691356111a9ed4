import { Link } from 'react-router-dom';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { successOffersText } from './success-loan-offers.text';

/**
 * /application/success/loan-offers?id=: after the references, the way on to the loan offer. It
 * opens offline (the references wait in the outbox), so it is precached: it imports nothing of
 * the loan offer's online-only screens and texts (vite.config.ts ONLINE_ONLY_CHUNKS).
 */
export function SuccessLoanOffersScreen() {
  const { t } = useFeatureT(successOffersText);
  const frame = useApplicationInUrl();
  const online = useOnline();
  return (
    <section className="success-screen" aria-labelledby="success-offers-title">
      {/* Offline the references only wait in the outbox: the title does not say they went. */}
      <h1 id="success-offers-title">{t(online ? 'successOffers.title' : 'successOffers.savedTitle')}</h1>
      {/* Without the review section: its Loan Offer action would repeat this page's one (issue 21 D21). */}
      <ApplicationGate frame={frame} invalidMessage={t('successOffers.invalidId')} review={false}>
        {({ serverId }) => (
          <>
            <p>{t('successOffers.body')}</p>
            {!online && <p className="field-note">{t('successOffers.later')}</p>}
            <div className="success-screen__actions">
              <Link to={`/application/loan-offer?id=${serverId}`} className="button button--primary">
                {t('successOffers.link')}
              </Link>
            </div>
          </>
        )}
      </ApplicationGate>
    </section>
  );
}
