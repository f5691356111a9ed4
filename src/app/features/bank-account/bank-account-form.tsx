import { useEffect, useState, type FormEvent } from 'react';
import { discardOutboxEntries } from '../../db/outbox.actions';
import { useParkedStep } from '../../db/parked-steps.hooks';
import type { BankListItem } from '../../../domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import {
  DocumentGroup,
  DraftStatus,
  fieldElement,
  FormSection,
  SelectField,
  TextField,
  useShowFirstError,
  type FieldOption,
} from '../../components/form';
import { NeedsConnection } from '../../components/needs-connection';
import { UploadBox } from '../../components/upload/upload-box';
import { useOnline } from '../../components/use-online';
import { isMessage } from '../../i18n/translate';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import {
  ACCOUNT_TYPE_OPTIONS,
  BANK_PROOF,
  bankLabel,
  BANK_UPLOAD,
  BANK_URL,
  bankInputId,
  NORMALISE,
  type BankChecks,
  type BankTextField,
  type BankValues,
} from './bank-account-fields';
import { useBankAccountForm } from './use-bank-account-form';
import { useBankChecks } from './use-bank-checks';
import { bankAccountText } from './bank-account.text';

const ERROR_ID = 'bank-error';
const VERIFY_NOTE = 'bank-verify-offline';
const LOCKED_NOTE = 'bank-change-to-fix';

type Props = {
  applicationLocalId: string;
  serverId: string;
  initial: BankValues;
  initialChecks: BankChecks;
  server: Record<string, unknown>;
  banks: readonly BankListItem[] | null | undefined;
  borrowerName: string | undefined;
  phone: string | undefined;
  method: 'POST' | 'PATCH';
  /** A reviewer (branch credit manager, branch manager) sees the server's bank proof first (spec 02 §6). */
  reviewer?: boolean;
  /** Whether this user may change the application now: otherwise a verified account is not offered for change (the server would refuse it). */
  mayChange?: boolean;
  onQueued: (online: boolean) => void;
};

/** Spec 02 screen 8: holder, account and confirm, type, IFSC, bank, proof, Verify and Submit. */
export function BankAccountForm({
  applicationLocalId,
  serverId,
  initial,
  initialChecks,
  server,
  banks,
  borrowerName,
  phone,
  method,
  reviewer = false,
  mayChange = true,
  onQueued,
}: Props) {
  const { t, tm } = useFeatureT(bankAccountText, businessStepsText);
  const online = useOnline();
  const { form, checks, setChecks, queued, saveError, fieldError, setFieldError, changeAccount } = useBankAccountForm({
    applicationLocalId,
    initial,
    initialChecks,
    server,
    method,
    onQueued: () => onQueued(online),
  });
  const bank = useBankChecks({
    serverId,
    borrowerName,
    phone,
    checks,
    setChecks,
    refuse: (field, message) => {
      queued.setError(null);
      setFieldError({ field, message });
      fieldElement(bankInputId(field))?.focus();
    },
  });
  const [confirmingChange, setConfirmingChange] = useState(false);
  // After "Change account" the account number takes the focus, once the dialog has given it back.
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (!changed) return;
    setChanged(false);
    fieldElement(bankInputId('account_number'))?.focus();
  }, [changed]);
  const confirmChange = async () => {
    const done = await changeAccount();
    setConfirmingChange(false);
    if (done) setChanged(true);
  };
  const { control } = form;
  const error = queued.error ?? fieldError;
  const invalidField = error?.field;
  const verified = !!checks.verified;
  // A refusal about a field Verify locked: the way out is "Change account" (issue 21 D1).
  const lockedRefusal =
    verified && (invalidField === 'account_number' || invalidField === 'confirm_account_number' || invalidField === 'ifsc_code');
  // A submit queued offline and refused later for the names (400 without the deviation): the form
  // reopens with the warning, and Submit becomes 'Continue with Deviation' (spec 02 §4, §8).
  const parked = useParkedStep(applicationLocalId, BANK_URL);
  const refusedForName = isMessage(parked?.message, 'borrower.nameMismatch');
  useEffect(() => {
    if (!parked) return;
    queued.reopen(parked.message);
    if (refusedForName && !(checks.nameMatch && !checks.nameMatch.result.is_match)) {
      const holder = checks.verified?.holder || form.getValues('account_holder_name');
      setChecks({ ...checks, nameMatch: { holder, result: { is_match: false, refused_by_server: true } } });
    }
  }, [parked?.seq]);
  const mismatch = !!checks.nameMatch && !checks.nameMatch.result.is_match;

  useShowFirstError(queued.refusals, () => ({
    focus: invalidField ? fieldElement(bankInputId(invalidField), BANK_PROOF.uploadField) : null,
  }));

  const bound = (name: BankTextField) => ({
    name,
    control,
    id: bankInputId(name),
    error: invalidField === name ? error?.message : undefined,
    errorId: queued.error ? ERROR_ID : undefined,
    normalise: NORMALISE[name],
  });
  const bankOptions: FieldOption[] = (banks ?? []).map((b) => ({ value: b.name, label: bankLabel(b) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    // The resubmit replaces the refused item: once it is queued, the refused one leaves the sync centre.
    const replaces = parked?.seq;
    void queued.submit().then((outcome) => {
      if (outcome === 'queued' && replaces !== undefined) void discardOutboxEntries([replaces]);
    });
  };

  return (
    <form className="bank-account-form" noValidate onSubmit={onSubmit}>
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
          placeholder="SBIN0001234"
        />
        <SelectField {...bound('bank_name')} label="bank.bankName" options={bankOptions} />
      </FormSection>

      <div className="bank-account-form__verify">
        {verified ? (
          <>
            <span className="verified-state" id="bank-verified">
              {t('bank.verifiedState')}
            </span>
            {mayChange && (
              <button
                type="button"
                className="button button--secondary"
                aria-describedby={lockedRefusal ? LOCKED_NOTE : undefined}
                onClick={() => setConfirmingChange(true)}
              >
                {t('bank.changeAccount')}
              </button>
            )}
          </>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            disabled={!online || bank.busy}
            aria-busy={bank.busy || undefined}
            aria-describedby={online ? undefined : VERIFY_NOTE}
            onClick={() => {
              const { account_number, confirm_account_number, ifsc_code } = form.getValues();
              void bank.verify({ account_number, confirm_account_number, ifsc_code });
            }}
          >
            {bank.busy ? t('bank.verifying') : t('bank.verify')}
          </button>
        )}
        {!online && !verified && <NeedsConnection id={VERIFY_NOTE} />}
        {checks.verified?.holder && <p className="field-note">{t('bank.holderAtBank', { name: checks.verified.holder })}</p>}
        {lockedRefusal && mayChange && (
          <p className="field-note" id={LOCKED_NOTE}>
            {t('bank.changeToFix')}
          </p>
        )}
      </div>
      {confirmingChange && checks.verified && (
        <ConfirmDialog
          title={t('bank.changeTitle')}
          message={
            typeof checks.verified.account_number === 'string' && checks.verified.account_number
              ? t('bank.changeMessage', { last4: checks.verified.account_number.slice(-4), ifsc: checks.verified.ifsc ?? '' })
              : t('bank.changeMessageThis')
          }
          detail={t('bank.changeDetail')}
          confirmLabel={t('bank.changeAccount')}
          onConfirm={() => void confirmChange()}
          onCancel={() => setConfirmingChange(false)}
        />
      )}
      {mismatch && (
        <p className="field-warning" role="status">
          {refusedForName ? t('bank.refusedNameMismatch') : t('borrower.nameMismatch')}
        </p>
      )}

      {reviewer ? (
        <DocumentGroup
          className="bank-documents"
          itemClassName="business-document"
          legend="bank.proof"
          note="business.documentsNote"
          previewIdPrefix="bank-preview"
          applicationLocalId={applicationLocalId}
          reviewer
          invalidField={invalidField}
          serverNote="business.fileOnServer"
          documents={[
            {
              field: BANK_PROOF.field,
              uploadField: BANK_PROOF.uploadField,
              label: BANK_PROOF.label,
              entryLabel: BANK_PROOF.entryLabel,
              fields: BANK_UPLOAD,
              accept: BANK_PROOF.accept,
              serverFileId: typeof server.bank_proof === 'string' ? server.bank_proof : null,
            },
          ]}
        />
      ) : (
        <div className={invalidField === 'bank_proof' ? 'business-document business-document--invalid' : 'business-document'}>
          <UploadBox
            label={t(BANK_PROOF.label)}
            entryLabel={BANK_PROOF.entryLabel}
            applicationLocalId={applicationLocalId}
            field={BANK_PROOF.uploadField}
            fields={BANK_UPLOAD}
            accept={BANK_PROOF.accept}
            camera
          />
          {typeof server.bank_proof === 'string' && <p className="field-note">{t('business.fileOnServer')}</p>}
          {invalidField === 'bank_proof' && error && <p className="field-error">{tm(error.message)}</p>}
        </div>
      )}

      <ErrorBanner id={ERROR_ID} message={queued.error?.message ?? (fieldError && !fieldError.field ? fieldError.message : undefined)} />
      <DraftStatus error={saveError} />
      {!online && <p className="field-note">{t('bank.offlineNote')}</p>}
      <div className="bank-account-form__actions">
        <button type="submit" className="button button--primary" disabled={queued.busy}>
          {queued.busy ? t('business.saving') : mismatch ? t('borrower.continueDeviation') : t('bank.submit')}
        </button>
      </div>
    </form>
  );
}
