import type { OtpDeps } from '../modules/auth/otp-session.service';
import type { AadhaarOtpProvider } from './aadhaar/aadhaar-otp-provider';
import { createSandboxAadhaarOtpProvider } from './aadhaar/sandbox-aadhaar-otp.provider';
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
};

/**
 * The providers of the app: the given ones, the rest sandbox (outside production) or
 * "unavailable" (production: fixtures must never verify a real borrower). Name match is computed
 * in process, so it has no outside service to miss.
 */
export function chooseVerificationProviders(given: Partial<VerificationProviders>, deps: OtpDeps, production: boolean): VerificationProviders {
  const fallback = production
    ? unconfiguredProviders
    : {
        pan: createSandboxPanProvider(),
        voterId: createSandboxVoterIdProvider(),
        aadhaar: createSandboxAadhaarOtpProvider(deps),
        bureau: createSandboxBureauProvider(),
      };
  return {
    pan: given.pan ?? fallback.pan,
    voterId: given.voterId ?? fallback.voterId,
    aadhaar: given.aadhaar ?? fallback.aadhaar,
    bureau: given.bureau ?? fallback.bureau,
    nameMatch: given.nameMatch ?? createFuzzyNameMatchProvider(),
  };
}
