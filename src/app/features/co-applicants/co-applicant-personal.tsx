import type { CalendarDate } from '../../../domain';
import { DateField, FormSection, SelectField, TextField } from '../../components/form';
import { useFeatureT } from '../../i18n/feature-text';
import {
  ageOf,
  GENDER_OPTIONS,
  GUARDIAN_OPTIONS,
  MARITAL_OPTIONS,
  RELATION_OPTIONS,
  SALUTATION_OPTIONS,
  type CoApplicantBinding,
} from './co-applicant-fields';
import { coApplicantsText } from './co-applicants.text';

type Props = {
  bound: CoApplicantBinding;
  /** The date of birth typed: the age beside it. */
  dob: string;
  today: CalendarDate;
  /** The message of the date of birth (a refused age among them). */
  dobError: string | undefined;
};

/** Relation, salutation, name, guardian, gender, date of birth with the age, marital status, income, phone and email. */
export function CoApplicantPersonal({ bound, dob, today, dobError }: Props) {
  const { t } = useFeatureT(coApplicantsText);
  const age = ageOf(dob, today);
  return (
    <FormSection legend="coApp.personal">
      <SelectField {...bound('relationship')} label="coApp.relationship" options={RELATION_OPTIONS} />
      <SelectField {...bound('title')} label="coApp.salutation" options={SALUTATION_OPTIONS} />
      <TextField {...bound('name')} label="coApp.name" autoComplete="off" autoCapitalize="characters" />
      <TextField {...bound('guardian_name')} label="coApp.guardianName" autoComplete="off" autoCapitalize="words" />
      <SelectField {...bound('guardian_relationship')} label="coApp.guardianRelationship" options={GUARDIAN_OPTIONS} />
      <SelectField {...bound('gender')} label="coApp.gender" options={GENDER_OPTIONS} />
      <DateField {...bound('dob', 'co-applicant-age')} error={dobError} label="coApp.dob" className="field--wide">
        <p id="co-applicant-age" className="field-note" aria-live="polite">
          {t('coApp.age')}: {age ? t('coApp.ageYears', { age }) : t('coApp.ageUnknown')}
        </p>
      </DateField>
      <SelectField {...bound('marital_status')} label="coApp.maritalStatus" options={MARITAL_OPTIONS} />
      <TextField {...bound('income')} label="coApp.income" inputMode="numeric" autoComplete="off" />
      <TextField {...bound('phone')} label="coApp.phone" type="tel" inputMode="numeric" autoComplete="off" />
      <TextField {...bound('email')} label="coApp.email" type="email" inputMode="email" autoComplete="off" autoCapitalize="off" />
    </FormSection>
  );
}
