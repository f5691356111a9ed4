import type { BankListItem } from './business-categories';
import { BANK_SUFFIXES, type BankSuffix } from './business-details.schema';

export type BankCodes = { ok: true; codes: Record<`bank_code${BankSuffix}`, string | null> } | { ok: false; suffix: BankSuffix };

/**
 * Spec 02 §8: each bank block's code (`bank_code`, `bank_code1`, `bank_code2`), the code in the
 * bank list of its `statement_bank_id`; null for a block with no bank. A bank not in the list
 * stops the submit ('Bank code not found'): on the phone before it is sent, and on the server.
 */
export function bankCodesOf(form: Record<string, unknown>, banks: readonly BankListItem[]): BankCodes {
  const codes = {} as Record<`bank_code${BankSuffix}`, string | null>;
  for (const suffix of BANK_SUFFIXES) {
    const id = form[`statement_bank_id${suffix}`];
    if (id === undefined || id === null) {
      codes[`bank_code${suffix}`] = null;
      continue;
    }
    const bank = banks.find((b) => b.id === Number(id));
    if (!bank?.code) return { ok: false, suffix };
    codes[`bank_code${suffix}`] = bank.code;
  }
  return { ok: true, codes };
}
