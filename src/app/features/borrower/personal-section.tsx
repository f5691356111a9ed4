import { ageFromDob, calendarDateOf } from '../../../domain';
import { DateField, FieldMessages, FormSection, joinIds, SelectField, TextField } from '../../components/form';
import { useFeatureT } from '../../i18n/feature-text';
import { asChoice, borrowerBinding, borrowerInputId, CHOICES } from './borrower-fields';
import type { useBorrowerForm } from './use-borrower-form';
import { borrowerText } from './borrower.text';

type Model = ReturnType<typeof useBorrowerForm>;

/** Title, name, alternate phone, email, gender, marital status, DOB and the age it gives. */
export function PersonalSection({ model }: { model: Model }) {
  const { t } = useFeatureT(borrowerText);
  const { form, errors } = model;
  const bound = borrowerBinding(form.control, errors);
  const age = ageFromDob(form.watch('dob'), calendarDateOf(new Date()));
  const ageId = borrowerInputId('age');

  return (
    <FormSection legend="borrower.personal" className="borrower-section" gridClassName="borrower-grid">
      <SelectField {...asChoice(bound('title'))} label="borrower.salutation" options={CHOICES.title} />
      <TextField {...bound('name')} label="borrower.name" autoComplete="off" autoCapitalize="words" />
      <TextField {...bound('alternate_phone')} label="borrower.alternatePhone" type="tel" inputMode="numeric" autoComplete="off" />
      <TextField {...bound('email')} label="borrower.email" type="email" inputMode="email" autoCapitalize="off" autoComplete="off" />
      <SelectField {...asChoice(bound('gender'))} label="borrower.gender" options={CHOICES.gender} />
      <SelectField {...asChoice(bound('marital_status'))} label="borrower.maritalStatus" options={CHOICES.marital_status} />
      <DateField {...bound('dob')} label="borrower.dob" describedBy={[ageId]} />
      <div className="field borrower-field">
        <label htmlFor={ageId} className="field-label">
          {t('borrower.age')}
        </label>
        <output
          id={ageId}
          htmlFor={borrowerInputId('dob')}
          className="field-input borrower-age"
          aria-describedby={joinIds(errors.age && `${ageId}-error`)}
        >
          {age !== null && age >= 0 ? t('borrower.ageYears', { age }) : t('borrower.ageUnknown')}
        </output>
        <FieldMessages id={ageId} error={errors.dob ? undefined : errors.age} />
      </div>
    </FormSection>
  );
}
