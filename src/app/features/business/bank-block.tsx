import { lazy, Suspense, useEffect } from 'react';
import { useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import type { BankListItem, BankSuffix } from '../../../domain';
import { FieldMessages, FormSection, SelectField, TextField, type FieldOption } from '../../components/form';
import { ServerFilePreview } from '../../components/upload/server-file-preview';
import { UploadBox } from '../../components/upload/upload-box';
import { clearLocalFile, filesOfField, moveLocalFiles } from '../../db/files.actions';
import { useFilesFor } from '../../db/files.hooks';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import {
  ACCOUNT_TYPE_OPTIONS,
  bankLabel,
  BUSINESS_UPLOAD,
  businessFileField,
  businessInputId,
  NORMALISE,
  STATEMENT_ACCEPT,
  statementFileType,
  type BusinessValues,
} from './business-fields';
import { businessText, type BusinessKey } from './business.text';

// The statements' reading and CAM load once a bank has statements (none on a first visit).
const StatementChecks = lazy(() => import('./statement-checks').then((m) => ({ default: m.StatementChecks })));

type BankBlockProps = {
  suffix: BankSuffix;
  // any: the block reads and writes raw values only; the parsed output type does not matter to it.
  control: Control<BusinessValues, unknown, any>;
  setValue: UseFormSetValue<BusinessValues>;
  applicationLocalId: string;
  /** The application's server id: the statements are read and the CAM made under it. */
  serverId: string;
  /** The server's statement ids of this bank (used when the phone holds none). */
  serverStatements: readonly string[];
  /** A reviewer sees the server's statements (previews) above the upload box. */
  reviewer?: boolean;
  banks: readonly BankListItem[];
  errorOf: (field: string) => string | undefined;
  errorId: string;
  invalidField?: string;
  /** Submit needs this bank's statements: the upload is marked as required. */
  statementsRequired?: boolean;
  /** Shown on each additional bank: removes it (a later bank moves up). */
  onRemove?: () => void;
};

const LEGENDS: Record<BankSuffix, BusinessKey> = { '': 'business.bank1', '1': 'business.bank2', '2': 'business.bank3' };

/** One bank of the business (spec 02 §3): bank, statement PDFs, password, account type, credit limit. */
export function BankBlock({
  suffix: s,
  control,
  setValue,
  applicationLocalId,
  serverId,
  serverStatements,
  reviewer,
  banks,
  errorOf,
  errorId,
  invalidField,
  statementsRequired,
  onRemove,
}: BankBlockProps) {
  const { t } = useFeatureT(businessText, businessStepsText);
  const bankId = useWatch({ control, name: `statement_bank_id${s}` });
  const bankName = useWatch({ control, name: `bank_name${s}` });
  const bankOptions: FieldOption[] = banks.map((bank) => ({ value: String(bank.id), label: bankLabel(bank) }));
  const statementField = businessFileField(`bank_statement${s}`);
  const password = useWatch({ control, name: `bank_statement_pwd${s}` });
  const files = useFilesFor(applicationLocalId, statementField);
  const onPhone = (files ?? []).filter((f) => f.uploadState !== 'failed');
  const uploadedIds = onPhone.flatMap((f) => (f.serverFileId ? [f.serverFileId] : []));
  // The statements once all of this phone's are on the server (or the server's, when none here).
  const statementIds = onPhone.length > 0 ? (uploadedIds.length === onPhone.length ? uploadedIds : []) : serverStatements;
  const bank = banks.find((b) => String(b.id) === bankId);

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
      {/* Before the upload (issue 21 D10): a protected PDF is read with the password typed first. */}
      <TextField
        {...bound(`bank_statement_pwd${s}`)}
        label="business.statementPassword"
        type="password"
        autoComplete="off"
        describedBy={[businessInputId(`statement-password-note${s}`)]}
      >
        <p id={businessInputId(`statement-password-note${s}`)} className="field-note">
          {t('business.statementPasswordNote')}
        </p>
      </TextField>
      <div
        className={
          invalidField === `bank_statement${s}`
            ? 'business-document business-document--invalid field--wide'
            : 'business-document field--wide'
        }
      >
        {reviewer &&
          serverStatements.map((fileId, i) => (
            <ServerFilePreview
              key={fileId}
              id={businessInputId(`statement-preview${s}-${i}`)}
              label={`${t('business.statementsOnServer')} ${i + 1}`}
              fileId={fileId}
            />
          ))}
        <UploadBox
          label={t('business.statements')}
          entryLabel={`Bank statement${s ? ` ${Number(s) + 1}` : ''}`}
          applicationLocalId={applicationLocalId}
          field={statementField}
          fields={{ ...BUSINESS_UPLOAD, file_type: statementFileType(s) }}
          accept={STATEMENT_ACCEPT}
          multiple
          required={statementsRequired}
        />
        <FieldMessages id={businessInputId(`bank_statement${s}`)} error={errorOf(`bank_statement${s}`)} />
      </div>
      {(statementIds.length > 0 || onPhone.length > uploadedIds.length) && (
        <Suspense fallback={null}>
          <StatementChecks
            applicationLocalId={applicationLocalId}
            serverId={serverId}
            bankName={bank?.name ?? ''}
            bankCode={bank?.code}
            password={password ?? ''}
            fileIds={statementIds}
            pending={onPhone.length > uploadedIds.length}
            idBase={businessInputId(`statements${s}`)}
          />
        </Suspense>
      )}
      <SelectField {...bound(`bank_account_type${s}`)} label="business.accountType" options={ACCOUNT_TYPE_OPTIONS} />
      <TextField
        {...bound(`credit_limit${s}`)}
        label="business.creditLimit"
        inputMode="numeric"
        autoComplete="off"
        normalise={NORMALISE[`credit_limit${s}`]}
      />
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

/**
 * Removes one additional bank (any of them, not only the last): its fields and the statements
 * kept on the phone are cleared; a bank after it moves up into its place with its statements,
 * so the blocks stay without a gap (spec 02 §3: suffixes 1 and 2 in order).
 */
export function useRemoveBank(applicationLocalId: string) {
  const files1 = useFilesFor(applicationLocalId, businessFileField('bank_statement1'));
  return async (s: '1' | '2', shown: number, getValues: UseFormGetValues<BusinessValues>, setValue: UseFormSetValue<BusinessValues>) => {
    const fields = (x: BankSuffix) =>
      [`bank_name${x}`, `statement_bank_id${x}`, `bank_statement_pwd${x}`, `bank_account_type${x}`, `credit_limit${x}`] as const;
    if (s === '1') for (const file of files1 ?? []) await clearLocalFile(file.localId);
    else {
      const files2 = await filesOfField(applicationLocalId, businessFileField('bank_statement2'));
      for (const localId of files2) await clearLocalFile(localId);
    }
    if (s === '1' && shown === 2) {
      fields('2').forEach((field, i) => setValue(fields('1')[i]!, getValues(field)));
      await moveLocalFiles(applicationLocalId, businessFileField('bank_statement2'), businessFileField('bank_statement1'));
    }
    for (const field of fields(shown === 2 ? '2' : '1')) setValue(field, '');
  };
}
