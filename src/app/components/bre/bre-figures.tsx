import { BRE_MIN_SCORE, LOAN_LIMITS, policyAllows, type BreInputs, type LoanOffer } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { breText } from './bre.text';
import './bre-figures.css';

/** Spec 02 §9: rupees with 2 decimals, e.g. ₹18,500.00. */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** A negative amount with the minus sign (U+2212), which keeps to its figure at a line break. */
export const formatInr = (amount: number) => RUPEES.format(amount).replace(/^-/, '\u2212');

/**
 * The engine's inputs: sales and margin, the gross profit, the two expense totals and the surplus
 * they leave. `status` is the application's: the note sending the user to the field verification
 * to correct the figures shows only while the access policy lets them change it (issue 31 N12).
 */
export function EngineInputs({ inputs, titleId, status }: { inputs: BreInputs; titleId: string; status: string }) {
  const { t } = useFeatureT(breText);
  const correctable = policyAllows(useProfile().mfi_employee, status, 'field-verify');
  const rows: [string, string, string?][] = [
    ['monthly-sales', t('bre.monthlySales'), formatInr(inputs.business.monthly_sales)],
    ['gross-margin', t('bre.grossMargin'), t('bre.percent', { value: inputs.business.gross_margin_percentage })],
    ['gross-profit', t('bre.grossProfit'), formatInr(inputs.gross_profit)],
    ['business-expenses', t('bre.businessExpenses'), `− ${formatInr(inputs.business_expenses)}`],
    ['household-expenses', t('bre.householdExpenses'), `− ${formatInr(inputs.household_expenses)}`],
    ['surplus', t('bre.surplus'), formatInr(inputs.monthly_surplus)],
  ];
  return (
    <section className="bre-inputs" aria-labelledby={titleId} data-testid="bre-inputs">
      <h2 id={titleId}>{t('bre.inputsTitle')}</h2>
      <dl className="loan-offer__figures">
        {rows.map(([key, label, value]) => (
          <div key={key} className={`loan-offer__figure${key === 'surplus' ? ' bre-inputs__surplus' : ''}`} data-input={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="field-note">{t(correctable ? 'bre.inputsNote' : 'bre.inputsSource')}</p>
    </section>
  );
}

/** 12 months of the surplus rounded down to ₹1,000 (the engine's capacity, DECISIONS.md). */
const capacityOf = (surplus: number) => Math.floor((12 * surplus) / 1000) * 1000;

/** The engine's reasons in words, with the figures behind them; an unknown code in words too. */
export function BreReasons({ offer }: { offer: Pick<LoanOffer, 'reasons' | 'bre_score' | 'monthly_surplus' | 'loan_type'> }) {
  const { t } = useFeatureT(breText);
  const min = LOAN_LIMITS[offer.loan_type]?.minAmount ?? 0;
  const words = (code: string) => {
    if (code === 'LOW_BRE_SCORE') return t('bre.reason.LOW_BRE_SCORE', { score: offer.bre_score, min: BRE_MIN_SCORE });
    if (code === 'INSUFFICIENT_SURPLUS')
      return t('bre.reason.INSUFFICIENT_SURPLUS', {
        surplus: formatInr(offer.monthly_surplus),
        capacity: formatInr(capacityOf(offer.monthly_surplus)),
        min: formatInr(min),
      });
    return code.replaceAll('_', ' ').toLowerCase();
  };
  return (
    <ul className="bre-reasons">
      {offer.reasons.map((code) => (
        <li key={code} data-code={code}>
          {words(code)}
        </li>
      ))}
    </ul>
  );
}
