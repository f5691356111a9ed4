import { readFileSync } from 'node:fs';
import { countedProvider } from '../observability/counted-provider';
import type { DocumentPool } from '../documents/document-pool';
import type { OtpDeps } from '../modules/auth/otp-session.service';
import type { AadhaarOtpProvider } from './aadhaar/aadhaar-otp-provider';
import { createSecureQrAadhaarFrontReader, unconfiguredAadhaarFrontReader, type AadhaarFrontReader } from './aadhaar/aadhaar-front-reader';
import { SANDBOX_SECURE_QR_PUBLIC_KEY } from './aadhaar/sandbox-qr-key';
import type { BankAccountProvider } from './bank-account/bank-account-provider';
import { createSandboxBankAccountProvider } from './bank-account/sandbox-bank-account.provider';
import { createSandboxStatementReader } from './banking/sandbox-statement-reader.provider';
import type { StatementReader } from '../documents/readers/statement-reader';
import { createSandboxAadhaarOtpProvider } from './aadhaar/sandbox-aadhaar-otp.provider';
import type { BreScoreProvider } from './bre/bre-score-provider';
import { createSandboxBreScoreProvider } from './bre/sandbox-bre-score.provider';
import type { EnachProvider } from './enach/enach-provider';
import { createSandboxEnachProvider } from './enach/sandbox-enach.provider';
import type { BureauProvider } from './bureau/bureau-provider';
import { createSandboxBureauProvider } from './bureau/sandbox-bureau.provider';
import { createFuzzyNameMatchProvider } from './name-match/fuzzy-name-match.provider';
import type { NameMatchProvider } from './name-match/name-match-provider';
import type { PanProvider } from './pan/pan-provider';
import { createSandboxPanProvider } from './pan/sandbox-pan.provider';
import { unconfiguredProviders } from './unconfigured.provider';
import { createSandboxVoterIdProvider } from './voter-id/sandbox-voter-id.provider';
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

/** Production reads Aadhaar fronts only against UIDAI's certificate (AADHAAR_QR_CERT_FILE), never the sandbox key. */
function productionAadhaarFrontReader(certFile: string | undefined, documents: DocumentPool): AadhaarFrontReader {
  return certFile ? createSecureQrAadhaarFrontReader(documents, readFileSync(certFile, 'utf8')) : unconfiguredAadhaarFrontReader;
}

/**
 * The providers of the app (bank account and statement reading included): the given ones, the rest sandbox (outside production) or
 * "unavailable" (production: fixtures must never verify a real borrower). Name match is computed
 * in process, so it has no outside service to miss.
 */
export function chooseVerificationProviders(
  given: Partial<VerificationProviders>,
  deps: OtpDeps,
  documents: DocumentPool,
  production: boolean,
): VerificationProviders {
  const fallback = production
    ? { ...unconfiguredProviders, aadhaarFront: productionAadhaarFrontReader(deps.config.aadhaarQrCertFile, documents) }
    : {
        pan: createSandboxPanProvider(),
        voterId: createSandboxVoterIdProvider(),
        aadhaar: createSandboxAadhaarOtpProvider(deps),
        bureau: createSandboxBureauProvider(),
        breScore: createSandboxBreScoreProvider(),
        bankAccount: createSandboxBankAccountProvider(),
        statementReader: createSandboxStatementReader(documents),
        aadhaarFront: createSecureQrAadhaarFrontReader(documents, SANDBOX_SECURE_QR_PUBLIC_KEY),
        enach: createSandboxEnachProvider(deps),
      };
  // Name match is computed in process: no outside service to count.
  return {
    pan: countedProvider('pan', given.pan ?? fallback.pan),
    voterId: countedProvider('voter_id', given.voterId ?? fallback.voterId),
    aadhaar: countedProvider('aadhaar_otp', given.aadhaar ?? fallback.aadhaar),
    bureau: countedProvider('bureau', given.bureau ?? fallback.bureau),
    breScore: countedProvider('bre_score', given.breScore ?? fallback.breScore),
    bankAccount: countedProvider('bank_account', given.bankAccount ?? fallback.bankAccount),
    statementReader: countedProvider('statement_reader', given.statementReader ?? fallback.statementReader),
    aadhaarFront: countedProvider('aadhaar_front', given.aadhaarFront ?? fallback.aadhaarFront),
    enach: countedProvider('enach', given.enach ?? fallback.enach),
    nameMatch: given.nameMatch ?? createFuzzyNameMatchProvider(),
  };
}
