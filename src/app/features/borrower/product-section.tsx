import { useController } from 'react-hook-form';
import { isLoanType, LOAN_LIMITS } from '../../../domain';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { FieldMessages, FormSection, joinIds, SelectField, TextField } from '../../components/form';
import { useFeatureT } from '../../i18n/feature-text';
import { asChoice, borrowerBinding, borrowerInputId, CHOICES, tenureChoices } from './borrower-fields';
import type { useBorrowerForm } from './use-borrower-form';
import { borrowerText } from './borrower.text';

type Model = ReturnType<typeof useBorrowerForm>;

const DECLARATIONS = [
  'borrower.declaration1',
  'borrower.declaration2',
  'borrower.declaration3',
  'borrower.declaration4',
  'borrower.declaration5',
] as const;
const AMOUNT_NOTE = 'borrower-amount-range';
const DECLARATIONS_ID = 'borrower-declarations';

/** Product info: loan type, amount, tenure (the loan type's options), EMI, purpose and the terms. */
export function ProductSection({ model }: { model: Model }) {
  const { t } = useFeatureT(borrowerText);
  const { form, errors } = model;
  const control = form.control;
  const bound = borrowerBinding(control, errors);
  const loanType = form.watch('loan_type');
  const limits = isLoanType(loanType) ? LOAN_LIMITS[loanType] : null;
  const { field: terms } = useController({ name: 'terms_accepted', control });
  const termsId = borrowerInputId('terms_accepted');
  const readOnly = useFrameApplication()?.readOnly === true;

  const termsBlock = (
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
          disabled={readOnly}
          aria-invalid={errors.terms_accepted ? true : undefined}
          aria-describedby={joinIds(errors.terms_accepted && `${termsId}-error`, DECLARATIONS_ID)}
          onBlur={terms.onBlur}
          onChange={(event) => terms.onChange(event.target.checked)}
        />
        <label htmlFor={termsId}>{t('borrower.terms')}</label>
      </div>
      <FieldMessages id={termsId} error={errors.terms_accepted} />
    </div>
  );

  return (
    <FormSection legend="borrower.product" className="borrower-section" gridClassName="borrower-grid" footer={termsBlock}>
      <SelectField {...asChoice(bound('loan_type'))} label="borrower.loanType" options={CHOICES.loan_type} />
      <TextField
        {...bound('amount_requested')}
        label="borrower.amount"
        inputMode="numeric"
        autoComplete="off"
        describedBy={limits ? [AMOUNT_NOTE] : []}
      >
        {limits && (
          <p id={AMOUNT_NOTE} className="field-note">
            {t('borrower.amountRange', { min: limits.minAmount, max: limits.maxAmount })}
          </p>
        )}
      </TextField>
      <SelectField {...asChoice(bound('tenure_requested'))} label="borrower.tenure" options={tenureChoices(loanType)} disabled={!limits} />
      <TextField {...bound('emi_requested')} label="borrower.emi" inputMode="numeric" autoComplete="off" />
      <SelectField {...asChoice(bound('purpose'))} label="borrower.purpose" options={CHOICES.purpose} />
    </FormSection>
  );
}
