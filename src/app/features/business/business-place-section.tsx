import { isFamilyOwned } from '../../../domain';
import { FormSection, SelectField, TextField } from '../../components/form';
import type { LookupState } from '../../components/use-pincode-lookup';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { OWNERSHIP_OPTIONS, type BusinessBinding } from './business-fields';
import { businessText } from './business.text';

const PLACE_NOTE = 'business-place-note';

type Props = {
  bound: BusinessBinding;
  /** The pincode lookup: district, city and state are filled from it (the state typed only when it failed). */
  lookup: LookupState;
  setPincode: (value: string) => void;
  /** The place's ownership: a family-owned place names its owner. */
  ownership: string;
};

/** Where the business is: pincode (looked up), district, city, state, address, landmark and who owns the place. */
export function BusinessPlaceSection({ bound, lookup, setPincode, ownership }: Props) {
  const { t } = useFeatureT(businessText, businessStepsText);
  const placeNote =
    lookup === 'looking' ? t('business.placeLooking') : lookup === 'failed' ? t('business.placeNotFound') : t('business.placeAuto');
  return (
    <FormSection
      legend="business.place"
      gridClassName="business-form__grid"
      footer={
        <p id={PLACE_NOTE} className="field-note" role="status">
          {placeNote}
        </p>
      }
    >
      <TextField
        {...bound('business_pincode')}
        label="business.pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        onValue={setPincode}
      />
      <TextField {...bound('business_district')} label="business.district" autoComplete="off" describedBy={[PLACE_NOTE]} />
      <TextField {...bound('business_city')} label="business.city" autoComplete="address-level2" describedBy={[PLACE_NOTE]} />
      <TextField
        {...bound('business_state')}
        label="business.state"
        readOnly={lookup !== 'failed'}
        autoComplete="address-level1"
        describedBy={[PLACE_NOTE]}
      />
      <TextField {...bound('business_address')} label="business.address" autoComplete="street-address" className="field--wide" />
      <TextField {...bound('businesss_landmark')} label="business.landmark" autoComplete="off" />
      <SelectField {...bound('business_address_ownership_type')} label="business.ownership" options={OWNERSHIP_OPTIONS} />
      {isFamilyOwned(ownership) && <TextField {...bound('owned_by')} label="business.ownedBy" autoComplete="off" autoCapitalize="words" />}
    </FormSection>
  );
}
