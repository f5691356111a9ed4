import { useId } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { MandateFigures } from './mandate-figures';
import { MandateRegistration } from './mandate-registration';
import { useMandate } from './use-mandate';
import { mandateText } from './mandate.text';
import './mandate-panel.css';

/**
 * The e-NACH mandate of an approved application (issue 33, docs/mandate.md): its state, limits
 * and dates, the verified account (masked), the UMRN once registered. The credit manager taps
 * "Register mandate"; the bank texts the borrower a code, which the credit manager types here.
 * After a rejection or an expired code, "Register mandate again". Online only: it says so.
 * Each tap carries its own Idempotency-Key, kept until an answer arrives, so a retry registers once.
 */
/** `onRegistered`: the screen around it reads the application's status again (the mandate may have made it DISBURSAL_READY). */
export function MandatePanel({ serverId, onRegistered }: { serverId: string; onRegistered?: () => void }) {
  const { t } = useFeatureT(mandateText);
  const id = useId();
  const online = useOnline();
  const profile = useProfile();
  const creditManager = profile.mfi_employee === 'BRANCH_CREDIT_MANAGER';
  const mandate = useMandate(serverId, online, onRegistered);
  const { view, loadError } = mandate;

  const offline = `${id}-offline`;
  const title = `${id}-title`;
  if (!online && !view) {
    return (
      <section className="mandate-panel" aria-labelledby={title}>
        <h2 id={title}>{t('mandate.title')}</h2>
        <NeedsConnection id={offline} />
        <p className="field-note">{t('mandate.offline')}</p>
      </section>
    );
  }
  if (!view) {
    return (
      <section className="mandate-panel" aria-labelledby={title} aria-busy={!loadError}>
        <h2 id={title}>{t('mandate.title')}</h2>
        {loadError ? (
          <>
            <ErrorBanner message={loadError} />
            <button type="button" className="button button--secondary" onClick={() => void mandate.load()}>
              {t('mandate.retryLoad')}
            </button>
          </>
        ) : (
          <p role="status">{t('mandate.loading')}</p>
        )}
      </section>
    );
  }

  return (
    <section className="mandate-panel" aria-labelledby={title} data-testid="mandate-panel">
      <h2 id={title}>{t('mandate.title')}</h2>
      <MandateFigures view={view} />
      {view.state !== 'REGISTERED' &&
        (creditManager ? (
          <MandateRegistration view={view} mandate={mandate} online={online} id={id} offline={offline} />
        ) : (
          <p className="field-note">{t('mandate.readOnly')}</p>
        ))}
      <ErrorBanner message={mandate.error} />
      {!online && <NeedsConnection id={offline} />}
    </section>
  );
}
