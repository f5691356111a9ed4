import { useCallback, useState } from 'react';
import { APP_MSG, PATTERNS } from '../../../domain';
import { holderNameOf, verifyBankAccount } from '../../api/bank-verification.api';
import { matchNames } from '../../api/verification.api';
import { notifyError, notifySuccess } from '../../components/notify';
import { businessStepsText } from '../../i18n/business-steps.text';
import { en } from '../../i18n/en';
import type { BankChecks } from './bank-account-fields';

type Options = {
  serverId: string;
  borrowerName: string | undefined;
  phone: string | undefined;
  checks: BankChecks;
  setChecks: (next: BankChecks) => void;
  /** A field the button cannot verify yet: its message beside it. */
  refuse: (field: 'account_number' | 'ifsc_code', message: string) => void;
};

/**
 * 'Verify' of the bank account (needs connection): verify-bank-acc-v3, then the name the bank
 * holds against the borrower's (name_matcher, source BANK_ACCOUNT). One-way: once verified the
 * account and IFSC stay as they are (spec 02 §4).
 */
export function useBankChecks({ serverId, borrowerName, phone, checks, setChecks, refuse }: Options) {
  const [busy, setBusy] = useState(false);

  const verify = useCallback(
    async (accountNumber: string, ifscTyped: string) => {
      if (busy || checks.verified) return;
      const account = accountNumber.trim();
      const ifsc = ifscTyped.trim().toUpperCase();
      if (!PATTERNS.accountNumber.test(account))
        return refuse('account_number', account ? APP_MSG.invalidAccountNumber : APP_MSG.enterAccountNumber);
      if (!PATTERNS.ifsc.test(ifsc)) return refuse('ifsc_code', ifsc ? APP_MSG.invalidIfsc : APP_MSG.enterIfsc);
      setBusy(true);
      try {
        const answer = await verifyBankAccount({ account_number: account, ifsc, application_id: serverId, ...(phone ? { phone } : {}) });
        if (!answer.success) {
          notifyError(answer.status_code < 500 && answer.message ? answer.message : businessStepsText.en['bank.verifyFailed']);
          return;
        }
        const holder = holderNameOf(answer.data) ?? '';
        let next: BankChecks = { verified: { account_number: account, ifsc, holder } };
        notifySuccess(answer.message || businessStepsText.en['bank.verified']);
        if (holder && borrowerName) {
          try {
            const match = await matchNames(serverId, [
              { value: holder, source: 'BANK_ACCOUNT' },
              { value: borrowerName, source: 'INPUT' },
            ]);
            if (match.success) {
              next = { ...next, nameMatch: { holder, result: match.data } };
              if (!match.data.is_match) notifyError(en['borrower.namesMismatch']);
            } else notifyError(en['borrower.nameMatchFailed']);
          } catch {
            notifyError(en['borrower.nameMatchFailed']);
          }
        }
        setChecks(next);
      } catch {
        notifyError(businessStepsText.en['bank.verifyError']);
      } finally {
        setBusy(false);
      }
    },
    [busy, checks.verified, serverId, phone, borrowerName, setChecks, refuse],
  );

  return { busy, verify };
}
