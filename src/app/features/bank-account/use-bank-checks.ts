import { useCallback, useState } from 'react';
import { bankVerifyInputSchema, firstMessage } from '../../../domain';
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
  refuse: (field: VerifyField, message: string) => void;
};

type VerifyField = 'account_number' | 'confirm_account_number' | 'ifsc_code';
export type VerifyInput = Record<VerifyField, string>;

/**
 * 'Verify' of the bank account (needs connection): the account, its confirmation (equal to it)
 * and the IFSC first (bankVerifyInputSchema, so what is verified can be submitted as it is), then
 * verify-bank-acc-v3, then the name the bank holds against the borrower's (name_matcher, source
 * BANK_ACCOUNT). One-way: once verified the account and IFSC stay as they are (spec 02 §4) until
 * the officer gives the account up with "Change account".
 */
export function useBankChecks({ serverId, borrowerName, phone, checks, setChecks, refuse }: Options) {
  const [busy, setBusy] = useState(false);

  const verify = useCallback(
    async (typed: VerifyInput) => {
      if (busy || checks.verified) return;
      const input = bankVerifyInputSchema.safeParse(typed);
      if (!input.success) {
        const field = input.error.issues[0]?.path[0];
        return refuse(typeof field === 'string' ? (field as VerifyField) : 'account_number', firstMessage(input.error));
      }
      const { account_number: account, ifsc_code: ifsc } = input.data;
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
