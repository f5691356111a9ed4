import { ProviderUnavailableError } from '../errors';
import { said } from '../messages/message-language';
import type { PayoutProvider } from './payout/payout-provider';
import type { AadhaarOtpProvider } from './aadhaar/aadhaar-otp-provider';
import type { BankAccountProvider } from './bank-account/bank-account-provider';
import type { StatementReader } from '../documents/readers/statement-reader';
import type { BreScoreProvider } from './bre/bre-score-provider';
import type { BureauProvider } from './bureau/bureau-provider';
import type { EnachProvider } from './enach/enach-provider';
import type { PanProvider } from './pan/pan-provider';
import type { SmsProvider } from './sms/sms-provider';
import type { VoterIdProvider } from './voter-id/voter-id-provider';

const unavailable = (kind: string) => async (): Promise<never> => {
  throw new ProviderUnavailableError(kind);
};

/** Production never answers from fixtures: without a real provider each check says it is unavailable. */
export const unconfiguredProviders = {
  pan: { verifyPan: unavailable('PAN') } satisfies PanProvider,
  voterId: { verifyVoterId: unavailable('Voter ID') } satisfies VoterIdProvider,
  aadhaar: { requestOtp: unavailable('Aadhaar'), submitOtp: unavailable('Aadhaar') } satisfies AadhaarOtpProvider,
  bureau: { check: unavailable('Bureau') } satisfies BureauProvider,
  breScore: {
    score: async () => {
      throw new ProviderUnavailableError('BRE', 'The loan offer is not available right now. Please try again later.');
    },
  } satisfies BreScoreProvider,
  bankAccount: { verifyAccount: unavailable('Bank account') } satisfies BankAccountProvider,
  statementReader: {
    read: async () => {
      throw new ProviderUnavailableError('Bank statement', 'Bank statement reading is not available right now. Please try again later.');
    },
  } satisfies StatementReader,
  enach: {
    register: unavailable('e-NACH'),
    authorise: unavailable('e-NACH'),
    status: unavailable('e-NACH'),
  } satisfies EnachProvider,
};

/** Production without an SMS gateway: no code is sent, and none is kept in clear anywhere. */
export const unconfiguredSms: SmsProvider = {
  send: async () => {
    throw new ProviderUnavailableError(
      'SMS',
      'The OTP could not be sent: no SMS service is configured. Please contact your administrator.',
    );
  },
};

/** Production without a bank's payout API: a payout is refused before it is sent (disbursement.service.ts asks `isPayoutConfigured`). */
export const unconfiguredPayouts: PayoutProvider = {
  send: async () => {
    throw new ProviderUnavailableError('Payout', said('text.payoutsAreNotAvailableNoBank'));
  },
  status: async () => {
    throw new ProviderUnavailableError('Payout', said('text.payoutsAreNotAvailableNoBank'));
  },
};

export const isPayoutConfigured = (provider: PayoutProvider) => provider !== unconfiguredPayouts;
