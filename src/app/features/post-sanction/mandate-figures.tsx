import { toDisplayDate, type MandateView } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { mandateText } from './mandate.text';

/** Indian rupees with Indian grouping and 2 decimals: ₹1,00,000.00. */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (amount: number | null) => (amount === null ? '—' : RUPEES.format(amount));
const showDate = (iso: string | null) => toDisplayDate(iso) ?? '—';

/** The mandate's state, limits and dates, the verified account (masked), the UMRN once registered, and its attempts. */
export function MandateFigures({ view }: { view: MandateView }) {
  const { t } = useFeatureT(mandateText);
  const registered = view.state === 'REGISTERED';
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
    <>
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
    </>
  );
}
