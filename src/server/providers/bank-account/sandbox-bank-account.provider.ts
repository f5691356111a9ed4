import { PATTERNS } from '../../../domain';
import { bankOfIfsc } from '../../data/banks';
import { SANDBOX_HOLDER } from '../sandbox-personas';
import type { BankAccountProvider } from './bank-account-provider';

/**
 * DECISIONS.md "Sandbox providers": IFSC SBIN0001234 (and, so every fixture statement can be
 * verified, any IFSC of a bank in the bank list) with any 9-18 digit account verifies with the
 * persona name of the application; an account ending 000 fails, as does an IFSC of no listed bank.
 */
export function createSandboxBankAccountProvider(): BankAccountProvider {
  return {
    async verifyAccount({ account_number, ifsc, applicant_name }) {
      if (!PATTERNS.accountNumber.test(account_number) || account_number.endsWith('000')) return { found: false };
      const bank = PATTERNS.ifsc.test(ifsc) ? bankOfIfsc(ifsc) : undefined;
      if (!bank) return { found: false };
      return { found: true, name: applicant_name?.trim() ? applicant_name.trim().toUpperCase() : SANDBOX_HOLDER, bank_name: bank.name };
    },
  };
}
