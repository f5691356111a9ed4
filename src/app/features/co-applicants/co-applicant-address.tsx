import { FormSection, TextField } from '../../components/form';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { useFeatureT } from '../../i18n/feature-text';
import type { CoApplicantBinding } from './co-applicant-fields';
import type { useCoApplicantForm } from './use-co-applicant-form';
import { coApplicantsText } from './co-applicants.text';

const PLACE_NOTE = 'co-applicant-place-note';

type Props = {
  bound: CoApplicantBinding;
  form: ReturnType<typeof useCoApplicantForm>['form'];
};

/** The address: a new pincode clears city, district and state and looks them up; the address and landmark. */
export function CoApplicantAddress({ bound, form }: Props) {
  const { t } = useFeatureT(coApplicantsText);
  const { setValue, getValues } = form;
  const place = usePincodeLookup((found) => {
    setValue('city', found?.city ?? '');
    setValue('district', found?.district ?? '');
    setValue('state', found?.state ?? '');
  });
  const placeNote =
    place.state === 'looking'
      ? t('coApp.cityStateLooking')
      : place.state === 'failed'
        ? t('coApp.cityStateNotFound')
        : t('coApp.cityStateAuto');
  return (
    <FormSection legend="coApp.addressSection">
      <TextField
        {...bound('pincode', PLACE_NOTE)}
        label="coApp.pincode"
        inputMode="numeric"
        autoComplete="off"
        onValue={(pincode) => {
          if (pincode === getValues('pincode')) return;
          setValue('pincode', pincode, { shouldDirty: true });
          setValue('city', '');
          setValue('district', '');
          setValue('state', '');
          place.lookUp(pincode);
        }}
      />
      <p id={PLACE_NOTE} className="field-note" role="status">
        {placeNote}
      </p>
      <TextField {...bound('city', PLACE_NOTE)} label="coApp.city" autoComplete="off" />
      <TextField {...bound('district', PLACE_NOTE)} label="coApp.district" autoComplete="off" />
      <TextField {...bound('state', PLACE_NOTE)} label="coApp.state" readOnly={place.state === 'found' || place.state === 'looking'} />
      <TextField {...bound('address')} label="coApp.address" multiline className="field--wide" autoComplete="off" />
      <TextField {...bound('landmark')} label="coApp.landmark" autoComplete="off" />
    </FormSection>
  );
}
