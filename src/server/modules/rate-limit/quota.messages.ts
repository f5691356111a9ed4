import { said, type MessageCode, type Said } from '../../kernels/messages';
import type { QuotaKind } from './quota-kinds';

// Fixed texts (the wait is in Retry-After), so the app's catalogue translates them (quota.* in src/app/i18n).
const CALLS: Record<QuotaKind, MessageCode> = {
  pan: 'text.panChecks',
  voter_id: 'part.voterIdChecks',
  bank_account: 'part.bankAccountChecks',
  aadhaar_otp: 'text.aadhaarOtpRequests',
  bureau: 'part.bureauChecks',
  bre: 'part.loanOfferCalculations',
  statement: 'part.bankStatementReadings',
};

// One code per refusal, the calls refused named in it (the catalogue's key was made from the PAN checks').
const byKind = (code: MessageCode) =>
  Object.fromEntries(Object.entries(CALLS).map(([kind, calls]) => [kind, said(code, { calls: said(calls) })])) as Record<QuotaKind, Said>;

export const QUOTA_MSG = {
  perApplication: byKind('quota.perApplication.pan'),
  perUser: byKind('quota.perUser.pan'),
  // The public flow's guests: every guest behind one client address, every guest of the tenant.
  guestsPerAddress: byKind('quota.guestsPerAddress.pan'),
  guestsPerTenant: byKind('quota.guestsPerTenant.pan'),
} as const;
