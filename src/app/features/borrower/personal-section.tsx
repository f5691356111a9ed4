import { ageFromDob, calendarDateOf } from '../../../domain';
import { useT } from '../../i18n/use-t';
import { borrowerInputId, CHOICES } from './borrower-fields';
import { BorrowerDropdown, BorrowerInput, describedIds, FieldMessages } from './borrower-inputs';
import type { useBorrowerForm } from './use-borrower-form';

type Model = ReturnType<typeof useBorrowerForm>;

/** Title, name, alternate phone, email, gender, marital status, DOB and the age it gives. */
export function PersonalSection({ model }: { model: Model }) {
  const { t } = useT();
  const { form, errors } = model;
  const control = form.control;
  const age = ageFromDob(form.watch('dob'), calendarDateOf(new Date()));
  const ageId = borrowerInputId('age');

  return (
    <fieldset className="form-section borrower-section">
      <legend>{t('borrower.personal')}</legend>
      <div className="borrower-grid">
        <BorrowerDropdown name="title" control={control} label={t('borrower.salutation')} options={CHOICES.title} error={errors.title} />
        <BorrowerInput name="name" control={control} label={t('borrower.name')} autoComplete="off" autoCapitalize="words" error={errors.name} />
        <BorrowerInput
          name="alternate_phone"
          control={control}
          label={t('borrower.alternatePhone')}
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          error={errors.alternate_phone}
        />
        <BorrowerInput name="email" control={control} label={t('borrower.email')} type="email" inputMode="email" autoCapitalize="off" autoComplete="off" error={errors.email} />
        <BorrowerDropdown name="gender" control={control} label={t('borrower.gender')} options={CHOICES.gender} error={errors.gender} />
        <BorrowerDropdown name="marital_status" control={control} label={t('borrower.maritalStatus')} options={CHOICES.marital_status} error={errors.marital_status} />
        <BorrowerInput
          name="dob"
          control={control}
          label={t('borrower.dob')}
          inputMode="numeric"
          placeholder="DD-MM-YYYY"
          autoComplete="off"
          error={errors.dob}
          describedBy={[ageId]}
        />
        <div className="field borrower-field">
          <label htmlFor={ageId} className="field-label">
            {t('borrower.age')}
          </label>
          <output id={ageId} htmlFor={borrowerInputId('dob')} className="field-input borrower-age" aria-describedby={describedIds(ageId, errors.age)}>
            {age !== null && age >= 0 ? t('borrower.ageYears', { age }) : t('borrower.ageUnknown')}
          </output>
          <FieldMessages id={ageId} error={errors.dob ? undefined : errors.age} />
        </div>
      </div>
    </fieldset>
  );
}
