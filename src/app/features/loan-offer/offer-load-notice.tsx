import { ErrorBanner } from '../../components/error-banner';
import { useFeatureT } from '../../i18n/feature-text';
import { loanOfferText } from './loan-offer.text';
import type { useLoanOffer } from './use-loan-offer';

type Load = ReturnType<typeof useLoanOffer>['load'];

/** What the screen says while the offer cannot be shown yet: offline, waiting for the sync, reading, or a refusal. */
export function OfferLoadNotice({ load, retry }: { load: Exclude<Load, { state: 'ready' }>; retry(): void }) {
  const { t } = useFeatureT(loanOfferText);
  if (load.state === 'error') {
    return (
      <>
        <ErrorBanner message={load.message} />
        {load.retryable && (
          <button type="button" className="button button--secondary" onClick={retry}>
            {t('loanOffer.retry')}
          </button>
        )}
      </>
    );
  }
  if (load.state === 'offline') {
    return (
      <p className="form-error loan-offer__offline" role="status" aria-live="polite">
        {t('loanOffer.offline')}
      </p>
    );
  }
  return (
    <p className="muted" role="status">
      {t(load.state === 'waiting' ? 'loanOffer.waitingSync' : 'loanOffer.reading')}
    </p>
  );
}
