import { useEffect, useState } from 'react';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldElement } from '../../components/form';
import { NeedsConnection } from '../../components/needs-connection';
import { VerifiedBadge } from '../../components/verified-badge';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { bankInputId } from './bank-account-fields';
import type { useBankAccountForm } from './use-bank-account-form';
import type { useBankChecks } from './use-bank-checks';
import { bankAccountText } from './bank-account.text';

const VERIFY_NOTE = 'bank-verify-offline';
const LOCKED_NOTE = 'bank-change-to-fix';

type Props = {
  model: ReturnType<typeof useBankAccountForm>;
  bank: ReturnType<typeof useBankChecks>;
  online: boolean;
  /** Whether this user may change the application now: otherwise a verified account is not offered for change. */
  mayChange: boolean;
  /** A refusal about a field Verify locked: the way out is "Change account" (issue 21 D1). */
  lockedRefusal: boolean;
};

/** Verify (online), or the verified badge with "Change account" and its confirmation; the holder's name at the bank. */
export function BankVerify({ model, bank, online, mayChange, lockedRefusal }: Props) {
  const { t } = useFeatureT(bankAccountText, businessStepsText);
  const { form, checks, changeAccount } = model;
  const frameReadOnly = useFrameApplication()?.readOnly === true;
  const verified = !!checks.verified;
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

  return (
    <>
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
    </>
  );
}
