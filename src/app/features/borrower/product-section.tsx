import { useController } from 'react-hook-form';
import { isLoanType, LOAN_LIMITS } from '../../../domain';
import { useT } from '../../i18n/use-t';
import { borrowerInputId, CHOICES, tenureChoices } from './borrower-fields';
import { BorrowerDropdown, BorrowerInput, describedIds, FieldMessages } from './borrower-inputs';
import type { useBorrowerForm } from './use-borrower-form';

type Model = ReturnType<typeof useBorrowerForm>;

const DECLARATIONS = ['borrower.declaration1', 'borrower.declaration2', 'borrower.declaration3', 'borrower.declaration4', 'borrower.declaration5'] as const;
const AMOUNT_NOTE = 'borrower-amount-range';
const DECLARATIONS_ID = 'borrower-declarations';

/** Product info: loan type, amount, tenure (the loan type's options), EMI, purpose and the terms. */
export function ProductSection({ model }: { model: Model }) {
  const { t } = useT();
  const { form, errors } = model;
  const control = form.control;
  const loanType = form.watch('loan_type');
  const limits = isLoanType(loanType) ? LOAN_LIMITS[loanType] : null;
  const { field: terms } = useController({ name: 'terms_accepted', control });
  const termsId = borrowerInputId('terms_accepted');

  return (
    <fieldset className="form-section borrower-section">
      <legend>{t('borrower.product')}</legend>
      <div className="borrower-grid">
        <BorrowerDropdown name="loan_type" control={control} label={t('borrower.loanType')} options={CHOICES.loan_type} error={errors.loan_type} />
        <BorrowerInput
          name="amount_requested"
          control={control}
          label={t('borrower.amount')}
          inputMode="numeric"
          autoComplete="off"
          error={errors.amount_requested}
          describedBy={limits ? [AMOUNT_NOTE] : []}
        >
          {limits && (
            <p id={AMOUNT_NOTE} className="field-note">
              {t('borrower.amountRange', { min: limits.minAmount, max: limits.maxAmount })}
            </p>
          )}
        </BorrowerInput>
        <BorrowerDropdown
          name="tenure_requested"
          control={control}
          label={t('borrower.tenure')}
          options={tenureChoices(loanType)}
          disabled={!limits}
          error={errors.tenure_requested}
        />
        <BorrowerInput name="emi_requested" control={control} label={t('borrower.emi')} inputMode="numeric" autoComplete="off" error={errors.emi_requested} />
        <BorrowerDropdown name="purpose" control={control} label={t('borrower.purpose')} options={CHOICES.purpose} error={errors.purpose} />
      </div>
      <div className="borrower-terms">
        <p id={`${DECLARATIONS_ID}-title`} className="field-label">
          {t('borrower.declarations')}
        </p>
        <ol id={DECLARATIONS_ID} className="borrower-declarations" aria-labelledby={`${DECLARATIONS_ID}-title`}>
          {DECLARATIONS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <div className="checkbox-field">
          <input
            id={termsId}
            ref={terms.ref}
            name={terms.name}
            type="checkbox"
            checked={terms.value}
            aria-invalid={errors.terms_accepted ? true : undefined}
            aria-describedby={describedIds(termsId, errors.terms_accepted, undefined, [DECLARATIONS_ID])}
            onBlur={terms.onBlur}
            onChange={(event) => terms.onChange(event.target.checked)}
          />
          <label htmlFor={termsId}>{t('borrower.terms')}</label>
        </div>
        <FieldMessages id={termsId} error={errors.terms_accepted} />
      </div>
    </fieldset>
  );
}
