import type { FormEvent } from 'react';
import type { BankListItem } from '../../../domain';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { ErrorBanner } from '../../components/error-banner';
import { DraftStatus, fieldElement, useFocusRefusal } from '../../components/form';
import { useOnline } from '../../components/use-online';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { BANK_PROOF, bankBinding, bankInputId, type BankChecks, type BankValues } from './bank-account-fields';
import { BankDetailsSection } from './bank-details-section';
import { BankProof } from './bank-proof';
import { BankVerify } from './bank-verify';
import { useBankAccountForm } from './use-bank-account-form';
import { useBankChecks } from './use-bank-checks';
import { useNameRefusal } from './use-name-refusal';
import { bankAccountText } from './bank-account.text';
import { StatementIdentityOffer } from './statement-identity-offer';

const ERROR_ID = 'bank-error';

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
  const { t } = useFeatureT(bankAccountText, businessStepsText);
  const online = useOnline();
  const frameReadOnly = useFrameApplication()?.readOnly === true;
  const model = useBankAccountForm({ applicationLocalId, initial, initialChecks, server, method, onQueued });
  const { form, checks, setChecks, queued, saveError, fieldError, setFieldError } = model;
  const bank = useBankChecks({ serverId, borrowerName, phone, checks, setChecks, refuse: model.refuseCheck });
  const error = queued.error ?? fieldError;
  const invalidField = error?.field;
  const verified = !!checks.verified;
  // A refusal about a field Verify locked: the way out is "Change account" (issue 21 D1).
  const lockedRefusal =
    verified && (invalidField === 'account_number' || invalidField === 'confirm_account_number' || invalidField === 'ifsc_code');
  const refusedForName = useNameRefusal(model);
  const mismatch = !!checks.nameMatch && !checks.nameMatch.result.is_match;

  useFocusRefusal(queued.refusals, queued.error, ERROR_ID, (field) => fieldElement(bankInputId(field), BANK_PROOF.uploadField));

  const bound = bankBinding(
    form.control,
    (name) => (invalidField === name ? error?.message : undefined),
    queued.error ? ERROR_ID : undefined,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    void queued.submit();
  };

  return (
    <form className="bank-account-form" noValidate onSubmit={onSubmit}>
      {!verified && !frameReadOnly && (
        <StatementIdentityOffer applicationLocalId={applicationLocalId} banks={banks} setValue={form.setValue} />
      )}
      <BankDetailsSection bound={bound} verified={verified} banks={banks} />
      <BankVerify model={model} bank={bank} online={online} mayChange={mayChange} lockedRefusal={lockedRefusal} />
      {mismatch && (
        <p className="field-warning" role="status">
          {refusedForName ? t('bank.refusedNameMismatch') : t('borrower.nameMismatch')}
        </p>
      )}

      <BankProof applicationLocalId={applicationLocalId} server={server} reviewer={reviewer} invalidField={invalidField} error={error} />

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
