import { useEffect, useState, type FormEvent } from 'react';
import { BANK_ACCOUNT_TYPES, bankAccountSchema, refusedWhenBlank, type BankListItem, type StatementIdentity } from '../../../domain';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import {
  DocumentGroup,
  DraftStatus,
  fieldElement,
  FormSection,
  SelectField,
  TextField,
  useFocusRefusal,
  type FieldOption,
} from '../../components/form';
import { NeedsConnection } from '../../components/needs-connection';
import { VerifiedBadge } from '../../components/verified-badge';
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
  bankInputId,
  NORMALISE,
  type BankChecks,
  type BankTextField,
  type BankValues,
} from './bank-account-fields';
import { useBankAccountForm } from './use-bank-account-form';
import { useBankChecks } from './use-bank-checks';
import { bankAccountText } from './bank-account.text';
import { StatementIdentityOffer } from './statement-identity-offer';

// Submit needs the bank proof: marked as required before it (issue 31 N14).
const PROOF_REQUIRED = refusedWhenBlank(bankAccountSchema, {}, ['bank_proof']).has('bank_proof');

const ERROR_ID = 'bank-error';
const VERIFY_NOTE = 'bank-verify-offline';
const IFSC_NOTE = 'bank-ifsc-hint';
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
  onQueued: () => void;
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
  const frameReadOnly = useFrameApplication()?.readOnly === true;
  const { form, checks, setChecks, queued, parked, saveError, fieldError, setFieldError, changeAccount } = useBankAccountForm({
    applicationLocalId,
    initial,
    initialChecks,
    server,
    method,
    onQueued,
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
  const refusedForName = isMessage(parked?.message, 'borrower.nameMismatch');
  useEffect(() => {
    if (!parked) return;
    if (refusedForName && !(checks.nameMatch && !checks.nameMatch.result.is_match)) {
      const holder = checks.verified?.holder || form.getValues('account_holder_name');
      setChecks({ ...checks, nameMatch: { holder, result: { is_match: false, refused_by_server: true } } });
    }
  }, [parked?.seq]);
  const mismatch = !!checks.nameMatch && !checks.nameMatch.result.is_match;

  useFocusRefusal(queued.refusals, queued.error, ERROR_ID, (field) => fieldElement(bankInputId(field), BANK_PROOF.uploadField));

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
    void queued.submit();
  };

  /** Issue 21 D10: the account as a statement read it; a type or bank the lists lack is left to choose. */
  const fillFromStatement = (identity: StatementIdentity) => {
    const type = identity.account_type.trim().toUpperCase();
    const listed = (banks ?? []).find((b) => b.name.toLowerCase() === identity.bank_name.trim().toLowerCase());
    const filled: Partial<Record<BankTextField, string>> = {
      account_holder_name: identity.name,
      account_number: identity.account_number,
      confirm_account_number: identity.account_number,
      ifsc_code: identity.ifsc,
      ...((BANK_ACCOUNT_TYPES as readonly string[]).includes(type) ? { account_type: type } : {}),
      ...(listed ? { bank_name: listed.name } : {}),
    };
    for (const [name, value] of Object.entries(filled)) form.setValue(name as BankTextField, value, { shouldDirty: true });
  };

  return (
    <form className="bank-account-form" noValidate onSubmit={onSubmit}>
      {!verified && !frameReadOnly && <StatementIdentityOffer applicationLocalId={applicationLocalId} onFill={fillFromStatement} />}
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

      <div className="bank-account-form__verify">
        {verified ? (
          <>
            <VerifiedBadge id="bank-verified" label={t('bank.verifiedState')} />
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
            disabled={!online || bank.busy || frameReadOnly}
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
              required: PROOF_REQUIRED,
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
            required={PROOF_REQUIRED}
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
