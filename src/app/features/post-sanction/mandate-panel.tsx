import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toDisplayDate, type MandateView } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { authoriseMandate, fetchMandate, registerMandate } from '../../api/mandate.api';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import { notifySuccess } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { mandateText } from './mandate.text';
import './mandate-panel.css';

/** Indian rupees with Indian grouping and 2 decimals: ₹1,00,000.00. */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (amount: number | null) => (amount === null ? '—' : RUPEES.format(amount));
const showDate = (iso: string | null) => toDisplayDate(iso) ?? '—';

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
  const [view, setView] = useState<MandateView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'register' | 'authorise' | null>(null);
  const [code, setCode] = useState('');
  const registerKey = useRef<string | null>(null);
  const authoriseKey = useRef<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await fetchMandate(serverId);
      if (answer.success) setView(answer.data);
      else setLoadError(answer.message || t('mandate.loadFailed'));
    } catch (failure) {
      setLoadError(extractErrorMessage(failure) || t('mandate.loadFailed'));
    }
  }, [serverId, t]);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  // A replayed answer (Idempotency-Key) keeps only ids and states: the whole view is read again.
  const show = async (data: MandateView) => (Array.isArray(data.attempts) ? setView(data) : load());

  const run = async (which: 'register' | 'authorise', work: () => Promise<void>) => {
    setBusy(which);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(extractErrorMessage(failure) || t('mandate.failed'));
    } finally {
      setBusy(null);
    }
  };

  const register = () =>
    run('register', async () => {
      registerKey.current ??= crypto.randomUUID();
      const answer = await registerMandate(serverId, registerKey.current);
      registerKey.current = null;
      setCode('');
      if (!answer.success) {
        setError(answer.message);
        // A rejection by the bank is recorded: show it among the attempts.
        return void load();
      }
      await show(answer.data);
    });

  const authorise = () =>
    run('authorise', async () => {
      authoriseKey.current ??= crypto.randomUUID();
      const answer = await authoriseMandate(serverId, { session_id: view!.session_id!, otp: code }, authoriseKey.current);
      authoriseKey.current = null;
      if (!answer.success) {
        setError(answer.message);
        setCode('');
        return void load();
      }
      await show(answer.data);
      notifySuccess(t('mandate.registeredToast'));
      onRegistered?.();
    });

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
            <button type="button" className="button button--secondary" onClick={() => void load()}>
              {t('mandate.retryLoad')}
            </button>
          </>
        ) : (
          <p role="status">{t('mandate.loading')}</p>
        )}
      </section>
    );
  }

  const registered = view.state === 'REGISTERED';
  const pending = view.state === 'PENDING' && view.session_id !== null;
  const lastAttempt = view.attempts[view.attempts.length - 1];
  const figures: [string, string][] = [
    [t('mandate.maxAmount'), rupees(view.max_amount)],
    [t('mandate.emi'), rupees(view.emi)],
    [t('mandate.firstDebit'), showDate(view.first_debit)],
    [t('mandate.lastDebit'), showDate(view.last_debit)],
    [t('mandate.account'), view.account ? `${view.account.account_number} · ${view.account.ifsc}` : '—'],
    ...(registered && view.umrn ? ([[t('mandate.umrn'), view.umrn]] as [string, string][]) : []),
  ];

  return (
    <section className="mandate-panel" aria-labelledby={title} data-testid="mandate-panel">
      <h2 id={title}>{t('mandate.title')}</h2>
      <p className="mandate-panel__state" role="status" aria-live="polite">
        {t('mandate.state')}:{' '}
        <strong className={`mandate-panel__badge mandate-panel__badge--${view.state.toLowerCase()}`}>
          {t(`mandate.state.${view.state}`)}
        </strong>
      </p>
      <dl className="mandate-panel__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="mandate-panel__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {lastAttempt?.reason && !registered && <p className="field-note">{t('mandate.lastReason', { reason: lastAttempt.reason })}</p>}
      {view.attempts.length > 0 && <p className="field-note">{t('mandate.attempts', { n: view.attempts.length })}</p>}

      {!registered &&
        (creditManager ? (
          <>
            {!pending && <p className="field-note">{t('mandate.how')}</p>}
            <button
              type="button"
              className={`button ${pending ? 'button--secondary' : 'button--primary'}`}
              disabled={!online || busy !== null}
              aria-describedby={!online ? offline : undefined}
              onClick={() => void register()}
            >
              {busy === 'register'
                ? t('mandate.registering')
                : view.attempts.length > 0
                  ? t('mandate.registerAgain')
                  : t('mandate.register')}
            </button>
            {pending && (
              <form
                className="mandate-panel__code"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (code.length === 6) void authorise();
                }}
              >
                {view.mobile && <p>{t('mandate.sentTo', { mobile: view.mobile })}</p>}
                <label className="field-label" htmlFor={`${id}-code`}>
                  {t('mandate.code')}
                </label>
                <input
                  id={`${id}-code`}
                  className="field-input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  aria-describedby={`${id}-code-hint`}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                />
                <p id={`${id}-code-hint`} className="field-note">
                  {t('mandate.codeHint')}
                </p>
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={!online || busy !== null || code.length !== 6}
                  aria-describedby={!online ? offline : undefined}
                >
                  {busy === 'authorise' ? t('mandate.authorising') : t('mandate.authorise')}
                </button>
              </form>
            )}
          </>
        ) : (
          <p className="field-note">{t('mandate.readOnly')}</p>
        ))}
      <ErrorBanner message={error} />
      {!online && <NeedsConnection id={offline} />}
    </section>
  );
}
