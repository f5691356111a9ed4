import { useEffect } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { BankListItem, BankSuffix } from '../../../domain';
import { FieldMessages, FormSection, SelectField, TextField, type FieldOption } from '../../components/form';
import { UploadBox } from '../../components/upload/upload-box';
import { clearLocalFile } from '../../db/files.actions';
import { useFilesFor } from '../../db/files.hooks';
import type { MessageKey } from '../../i18n/en';
import { useT } from '../../i18n/use-t';
import { ACCOUNT_TYPE_OPTIONS, BUSINESS_UPLOAD, businessFileField, businessInputId, NORMALISE, STATEMENT_ACCEPT, statementFileType, type BusinessValues } from './business-fields';

type BankBlockProps = {
  suffix: BankSuffix;
  control: Control<BusinessValues>;
  setValue: UseFormSetValue<BusinessValues>;
  applicationLocalId: string;
  banks: readonly BankListItem[];
  errorOf: (field: string) => string | undefined;
  errorId: string;
  invalidField?: string;
  /** Shown on the last additional bank: clears its fields and statements. */
  onRemove?: () => void;
};

const LEGENDS: Record<BankSuffix, MessageKey> = { '': 'business.bank1', '1': 'business.bank2', '2': 'business.bank3' };

/** One bank of the business (spec 02 §3): bank, statement PDFs, password, account type, credit limit. */
export function BankBlock({ suffix: s, control, setValue, applicationLocalId, banks, errorOf, errorId, invalidField, onRemove }: BankBlockProps) {
  const { t } = useT();
  const bankId = useWatch({ control, name: `statement_bank_id${s}` });
  const bankName = useWatch({ control, name: `bank_name${s}` });
  const bankOptions: FieldOption[] = banks.map((bank) => ({ value: String(bank.id), label: bank.name }));
  const statementField = businessFileField(`bank_statement${s}`);

  // The bank's name goes with its id (spec 02 §3: bank_name and statement_bank_id).
  useEffect(() => {
    const bank = banks.find((b) => String(b.id) === bankId);
    if (bank && bankName !== bank.name) setValue(`bank_name${s}`, bank.name);
  }, [bankId, banks]);

  const bound = (name: `${'statement_bank_id' | 'bank_statement_pwd' | 'bank_account_type' | 'credit_limit'}${BankSuffix}`) => ({
    name,
    control,
    id: businessInputId(name),
    error: errorOf(name) ?? (name.startsWith('statement_bank_id') ? errorOf(`bank_name${s}`) : undefined),
    errorId,
  });

  return (
    <FormSection legend={LEGENDS[s]} className="business-bank" gridClassName="business-form__grid">
      <SelectField {...bound(`statement_bank_id${s}`)} label="business.bankName" options={bankOptions} />
      <div className={invalidField === `bank_statement${s}` ? 'business-document business-document--invalid field--wide' : 'business-document field--wide'}>
        <UploadBox
          label={t('business.statements')}
          entryLabel={`Bank statement${s ? ` ${Number(s) + 1}` : ''}`}
          applicationLocalId={applicationLocalId}
          field={statementField}
          fields={{ ...BUSINESS_UPLOAD, file_type: statementFileType(s) }}
          accept={STATEMENT_ACCEPT}
          multiple
        />
        <FieldMessages id={businessInputId(`bank_statement${s}`)} error={errorOf(`bank_statement${s}`)} />
      </div>
      <TextField {...bound(`bank_statement_pwd${s}`)} label="business.statementPassword" type="password" autoComplete="off" />
      <SelectField {...bound(`bank_account_type${s}`)} label="business.accountType" options={ACCOUNT_TYPE_OPTIONS} />
      <TextField {...bound(`credit_limit${s}`)} label="business.creditLimit" inputMode="numeric" autoComplete="off" normalise={NORMALISE[`credit_limit${s}`]} />
      {onRemove && (
        <div className="business-bank__actions field--wide">
          <button type="button" className="button button--secondary" onClick={onRemove}>
            {t('business.removeBank')}
          </button>
        </div>
      )}
    </FormSection>
  );
}

/** Clears an additional bank: its fields and the statements kept on the phone. */
export function useRemoveBank(applicationLocalId: string, s: BankSuffix) {
  const files = useFilesFor(applicationLocalId, businessFileField(`bank_statement${s}`));
  return async (setValue: UseFormSetValue<BusinessValues>) => {
    for (const field of [`bank_name${s}`, `statement_bank_id${s}`, `bank_statement_pwd${s}`, `bank_account_type${s}`, `credit_limit${s}`] as const) setValue(field, '');
    for (const file of files ?? []) await clearLocalFile(file.localId);
  };
}
