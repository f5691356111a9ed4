import { useId } from 'react';
import { LOAN_LIMITS, tenureOptions, type LoanOfferView, type OfferEditProblem } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { stepKitText } from '../../components/form/step-kit.text';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useFeatureT } from '../../i18n/feature-text';
import { DateTextInput } from './date-text-input';
import { formatRupees, showDate, showInstantDate } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';
import type { OfferTerms as Terms } from './use-offer-edit';

type Props = {
  offer: LoanOfferView;
  terms: Terms;
  /** The caller may change the terms (a credit manager, before acceptance). */
  editable: boolean;
  creditManager: boolean;
  online: boolean;
  pending: boolean;
  problem: OfferEditProblem | null;
  serverError: string | null;
  change(field: keyof Terms, value: string): void;
};

/** The offer's editable terms (spec 02 §7 "Loan offer update"): amount, tenure, disbursement date; the EMI start date follows. */
export function OfferTerms({ offer, terms, editable, creditManager, online, pending, problem, serverError, change }: Props) {
  const { t } = useFeatureT(loanOfferText, stepKitText);
  const id = useId();
  const limits = LOAN_LIMITS[offer.loan_type];
  const maxAmount = Math.min(limits.maxAmount, offer.bre_suggested_loan_amount ?? limits.maxAmount);
  const tenures = tenureOptions(offer.loan_type).filter((n) => n <= offer.bre_max_tenure);
  const problemId = `${id}-problem`;
  const describe = (field: string) => (problem?.field === field ? problemId : undefined);
  return (
    <section className="loan-offer__terms" aria-labelledby={`${id}-terms`}>
      <h2 id={`${id}-terms`}>{t('loanOffer.editTitle')}</h2>
      {offer.is_accepted && (
        <p className="field-note" role="status">
          {t('loanOffer.accepted', { date: showInstantDate(offer.accepted_at) })}
        </p>
      )}
      {!creditManager && <p className="field-note">{t('loanOffer.readOnly')}</p>}
      <div className="loan-offer__fields">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-amount`}>
            {t('loanOffer.amount')}
          </label>
          <input
            className="field-input"
            id={`${id}-amount`}
            inputMode="numeric"
            autoComplete="off"
            value={terms.amount}
            readOnly={!editable}
            disabled={!online && editable}
            aria-invalid={problem?.field === 'final_suggested_loan_amount' || undefined}
            aria-describedby={[`${id}-amount-hint`, describe('final_suggested_loan_amount')].filter(Boolean).join(' ')}
            onChange={(e) => change('amount', e.target.value.replace(/\D/g, ''))}
          />
          <p id={`${id}-amount-hint`} className="field-note">
            {t('loanOffer.amountHint', { min: formatRupees(limits.minAmount), max: formatRupees(maxAmount) })}
          </p>
        </div>
        <SearchableDropdown
          id={`${id}-tenure`}
          label={t('loanOffer.tenure')}
          value={terms.tenure}
          disabled={!editable || !online}
          describedBy={describe('risk_category_and_loan_type_wise_max_tenure')}
          options={(tenures.includes(Number(terms.tenure)) ? tenures : [...tenures, Number(terms.tenure)]).map((n) => ({
            value: String(n),
            label: t('loanOffer.months', { n }),
          }))}
          onChange={(value) => change('tenure', value)}
        />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-date`}>
            {t('loanOffer.disbursementDate')}
          </label>
          <DateTextInput
            className="field-input"
            id={`${id}-date`}
            value={terms.disbursementDate}
            readOnly={!editable}
            disabled={!online && editable}
            aria-invalid={problem?.field === 'disbursement_date' || undefined}
            aria-describedby={[`${id}-date-format`, describe('disbursement_date')].filter(Boolean).join(' ')}
            onChange={(value) => change('disbursementDate', value)}
          />
          {/* The format under every date field of the forms (issue 21 D18), as the kit's DateField says it. */}
          <p id={`${id}-date-format`} className="field-note">
            {t('step.dateHint')}
          </p>
        </div>
        <div className="field">
          <span className="field-label" id={`${id}-start-label`}>
            {t('loanOffer.emiStartDate')}
          </span>
          <output aria-labelledby={`${id}-start-label`} data-testid="emi-start-date">
            {showDate(offer.emi_start_date)}
          </output>
        </div>
      </div>
      <ErrorBanner id={problemId} message={problem?.message ?? serverError} />
      <p className="muted" role="status" aria-live="polite">
        {pending ? t('loanOffer.updating') : ''}
      </p>
    </section>
  );
}
