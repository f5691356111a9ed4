import type { BankListItem } from '../../../domain';
import { FormSection, SelectField, TextField, type FieldOption } from '../../components/form';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { ACCOUNT_TYPE_OPTIONS, bankLabel, type BankBinding } from './bank-account-fields';
import { bankAccountText } from './bank-account.text';

const IFSC_NOTE = 'bank-ifsc-hint';

type Props = {
  bound: BankBinding;
  /** A verified account's number and IFSC are read only ("Change account" to change them). */
  verified: boolean;
  banks: readonly BankListItem[] | null | undefined;
};

/** The account: holder, number and its confirmation, type, IFSC and bank. */
export function BankDetailsSection({ bound, verified, banks }: Props) {
  const { t } = useFeatureT(bankAccountText, businessStepsText);
  const bankOptions: FieldOption[] = (banks ?? []).map((b) => ({ value: b.name, label: bankLabel(b) }));
  return (
    <FormSection legend="bank.details" gridClassName="business-form__grid">
      <TextField {...bound('account_holder_name')} label="bank.holder" autoComplete="off" autoCapitalize="characters" />
      <TextField {...bound('account_number')} label="bank.accountNumber" inputMode="numeric" autoComplete="off" readOnly={verified} />
      <TextField
        {...bound('confirm_account_number')}
        label="bank.confirmAccountNumber"
        inputMode="numeric"
        autoComplete="off"
        readOnly={verified}
      />
      <SelectField {...bound('account_type')} label="bank.accountType" options={ACCOUNT_TYPE_OPTIONS} />
      <TextField
        {...bound('ifsc_code')}
        label="bank.ifsc"
        autoComplete="off"
        autoCapitalize="characters"
        readOnly={verified}
        describedBy={[IFSC_NOTE]}
      >
        {/* A hint, not a placeholder: "SBIN0001234" in the box looked like a value typed (issue 21 D21). */}
        <p id={IFSC_NOTE} className="field-note">
          {t('bank.ifscHint')}
        </p>
      </TextField>
      <SelectField {...bound('bank_name')} label="bank.bankName" options={bankOptions} />
    </FormSection>
  );
}
