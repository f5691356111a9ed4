import type { AadhaarOtpProvider } from './aadhaar/aadhaar-otp-provider';
import type { AadhaarFrontReader } from './aadhaar/aadhaar-front-reader';
import type { BankAccountProvider } from './bank-account/bank-account-provider';
import type { StatementReader } from '../documents/readers/statement-reader';
import type { BreScoreProvider } from './bre/bre-score-provider';
import type { EnachProvider } from './enach/enach-provider';
import type { BureauProvider } from './bureau/bureau-provider';
import type { NameMatchProvider } from './name-match/name-match-provider';
import type { PanProvider } from './pan/pan-provider';
import type { VoterIdProvider } from './voter-id/voter-id-provider';

export type VerificationProviders = {
  pan: PanProvider;
  voterId: VoterIdProvider;
  aadhaar: AadhaarOtpProvider;
  nameMatch: NameMatchProvider;
  bureau: BureauProvider;
  /** The BRE's score of a borrower, for the loan offer. */
  breScore: BreScoreProvider;
  /** verify-bank-acc-v3: the name the bank holds for an account. */
  bankAccount: BankAccountProvider;
  /** The banking API: a statement PDF's identity and transactions. */
  statementReader: StatementReader;
  /** An uploaded Aadhaar front's Secure QR, for the form's prefill (null: nothing read). */
  aadhaarFront: AadhaarFrontReader;
  /** e-NACH: the monthly debit mandate on the verified account (issue 33). */
  enach: EnachProvider;
};
