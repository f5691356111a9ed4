import { isFamilyOwned } from '../../../domain';
import { useT } from '../../i18n/use-t';
import { CHOICES } from './borrower-fields';
import { BorrowerDropdown, BorrowerInput } from './borrower-inputs';
import type { useBorrowerForm } from './use-borrower-form';

type Model = ReturnType<typeof useBorrowerForm>;
const PLACE_NOTE = 'borrower-place-note';

/**
 * The address block: a 6-digit pincode fills city, district and state from the directory on
 * the phone (state read-only once found); owned-by only for a family-owned address.
 */
export function AddressSection({ model }: { model: Model }) {
  const { t } = useT();
  const { form, errors, lookup, stateFound } = model;
  const control = form.control;
  const ownership = form.watch('address_ownership_type');
  const note =
    lookup === 'looking' ? t('borrower.cityStateLooking') : lookup === 'failed' ? t('borrower.cityStateNotFound') : t('borrower.cityStateAuto');

  return (
    <fieldset className="form-section borrower-section">
      <legend>{t('borrower.addressSection')}</legend>
      <div className="borrower-grid">
        <BorrowerInput
          name="pincode"
          control={control}
          label={t('borrower.pincode')}
          inputMode="numeric"
          autoComplete="off"
          error={errors.pincode}
          describedBy={[PLACE_NOTE]}
          onValue={model.setPincode}
        >
          <p id={PLACE_NOTE} className="field-note" role="status">
            {note}
          </p>
        </BorrowerInput>
        <BorrowerInput name="city" control={control} label={t('borrower.city')} autoComplete="off" error={errors.city} describedBy={[PLACE_NOTE]} />
        <BorrowerInput name="district" control={control} label={t('borrower.district')} autoComplete="off" error={errors.district} describedBy={[PLACE_NOTE]} />
        <BorrowerInput
          name="state"
          control={control}
          label={t('borrower.state')}
          autoComplete="off"
          readOnly={stateFound}
          error={errors.state}
          describedBy={[PLACE_NOTE]}
        />
        <BorrowerInput name="address" control={control} label={t('borrower.address')} autoComplete="off" error={errors.address} wide />
        <BorrowerInput name="landmark" control={control} label={t('borrower.landmark')} autoComplete="off" error={errors.landmark} />
        <BorrowerDropdown
          name="address_ownership_type"
          control={control}
          label={t('borrower.ownership')}
          options={CHOICES.address_ownership_type}
          error={errors.address_ownership_type}
        />
        {isFamilyOwned(ownership) && (
          <BorrowerInput name="address_owned_by" control={control} label={t('borrower.ownedBy')} autoComplete="off" error={errors.address_owned_by} />
        )}
        <BorrowerInput
          name="years_of_residence"
          control={control}
          label={t('borrower.yearsOfResidence')}
          inputMode="numeric"
          autoComplete="off"
          error={errors.years_of_residence}
        />
        <BorrowerDropdown name="house_type" control={control} label={t('borrower.houseType')} options={CHOICES.house_type} error={errors.house_type} />
      </div>
    </fieldset>
  );
}
