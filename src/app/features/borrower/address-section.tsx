import { isFamilyOwned } from '../../../domain';
import { FormSection, SelectField, TextField } from '../../components/form';
import { useFeatureT } from '../../i18n/feature-text';
import { asChoice, borrowerBinding, CHOICES } from './borrower-fields';
import type { useBorrowerForm } from './use-borrower-form';
import { borrowerText } from './borrower.text';

type Model = ReturnType<typeof useBorrowerForm>;
const PLACE_NOTE = 'borrower-place-note';

/**
 * The address block: a 6-digit pincode fills city, district and state from the directory on
 * the phone (state read-only once found); owned-by only for a family-owned address.
 */
export function AddressSection({ model }: { model: Model }) {
  const { t } = useFeatureT(borrowerText);
  const { form, errors, lookup, stateFound } = model;
  const bound = borrowerBinding(form.control, errors);
  const ownership = form.watch('address_ownership_type');
  const note =
    lookup === 'looking'
      ? t('borrower.cityStateLooking')
      : lookup === 'failed'
        ? t('borrower.cityStateNotFound')
        : t('borrower.cityStateAuto');

  return (
    <FormSection legend="borrower.addressSection" className="borrower-section" gridClassName="borrower-grid">
      <TextField
        {...bound('pincode')}
        label="borrower.pincode"
        inputMode="numeric"
        autoComplete="off"
        describedBy={[PLACE_NOTE]}
        onValue={model.setPincode}
      >
        <p id={PLACE_NOTE} className="field-note" role="status">
          {note}
        </p>
      </TextField>
      <TextField {...bound('city')} label="borrower.city" autoComplete="off" describedBy={[PLACE_NOTE]} />
      <TextField {...bound('district')} label="borrower.district" autoComplete="off" describedBy={[PLACE_NOTE]} />
      <TextField {...bound('state')} label="borrower.state" autoComplete="off" readOnly={stateFound} describedBy={[PLACE_NOTE]} />
      <TextField {...bound('address', true)} label="borrower.address" autoComplete="off" />
      <TextField {...bound('landmark')} label="borrower.landmark" autoComplete="off" />
      <SelectField {...asChoice(bound('address_ownership_type'))} label="borrower.ownership" options={CHOICES.address_ownership_type} />
      {isFamilyOwned(ownership) && <TextField {...bound('address_owned_by')} label="borrower.ownedBy" autoComplete="off" />}
      <TextField {...bound('years_of_residence')} label="borrower.yearsOfResidence" inputMode="numeric" autoComplete="off" />
      <SelectField {...asChoice(bound('house_type'))} label="borrower.houseType" options={CHOICES.house_type} />
    </FormSection>
  );
}
