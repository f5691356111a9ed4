import { readFileSync } from 'node:fs';
import { countedProvider } from '../observability/counted-provider';
import type { DocumentPool } from '../documents/document-pool';
import type { OtpDeps } from '../modules/auth/otp-session.service';
import {
  createSecureQrAadhaarFrontReader,
  unconfiguredAadhaarFrontReader,
  type AadhaarFrontReader,
} from '../providers/aadhaar/aadhaar-front-reader';
import { SANDBOX_SECURE_QR_PUBLIC_KEY } from '../providers/aadhaar/sandbox-qr-key';
import { createSandboxBankAccountProvider } from '../providers/bank-account/sandbox-bank-account.provider';
import { createSandboxStatementReader } from '../providers/banking/sandbox-statement-reader.provider';
import { createSandboxAadhaarOtpProvider } from './sandbox-aadhaar-otp.provider';
import { createSandboxBreScoreProvider } from '../providers/bre/sandbox-bre-score.provider';
import { createSandboxEnachProvider } from './sandbox-enach.provider';
import { createSandboxBureauProvider } from '../providers/bureau/sandbox-bureau.provider';
import { createFuzzyNameMatchProvider } from '../providers/name-match/fuzzy-name-match.provider';
import { createSandboxPanProvider } from '../providers/pan/sandbox-pan.provider';
import { unconfiguredProviders } from '../providers/unconfigured.provider';
import { createSandboxVoterIdProvider } from '../providers/voter-id/sandbox-voter-id.provider';
import type { VerificationProviders } from '../providers/verification-providers';

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
