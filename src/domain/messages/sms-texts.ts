import { smsText } from './document-text';
import type { Language } from './languages';

/**
 * The SMS the server sends the borrower and signers, in their language (src/domain/messages/documents):
 * apart from the domain's schemas so the app, which sends none, does not load the catalogues.
 */

/** The SMS to the borrower: the code and the statement it acknowledges. */
export const kfsSmsText = (code: string, kfsNumber: string, lender: string, language: Language) =>
  smsText(language, 'kfsOtp', { code, kfsNumber, lender });

/** The SMS of a signer's e-sign code. */
export const esignSmsText = (code: string, agreementNumber: string, lender: string, language: Language) =>
  smsText(language, 'esignOtp', { code, agreementNumber, lender });

/** The borrower's SMS once the loan is paid out, in the language of the statement they acknowledged. */
export function disbursedSmsText(
  language: Language,
  f: { lender: string; amount: string; account: string; utr: string; firstEmi: string; firstEmiDate: string; lastDay: string },
): string {
  return smsText(language, 'disbursed', f);
}
