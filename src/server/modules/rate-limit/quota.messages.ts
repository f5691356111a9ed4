import type { QuotaKind } from './quota-kinds';

// Fixed texts (the wait is in Retry-After), so the app's catalogue translates them (quota.* in src/app/i18n).
const CALLS: Record<QuotaKind, string> = {
  pan: 'PAN checks',
  voter_id: 'voter ID checks',
  bank_account: 'bank account checks',
  aadhaar_otp: 'Aadhaar OTP requests',
  bureau: 'bureau checks',
  bre: 'loan offer calculations',
  statement: 'bank statement readings',
};

const byKind = (text: (calls: string) => string) =>
  Object.fromEntries(Object.entries(CALLS).map(([kind, calls]) => [kind, text(calls)])) as Record<QuotaKind, string>;

export const QUOTA_MSG = {
  perApplication: byKind((calls) => `Too many ${calls} for this application. Please try again later.`),
  perUser: byKind((calls) => `You have made too many ${calls}. Please try again later.`),
  // The public flow's guests: every guest behind one client address, every guest of the tenant.
  guestsPerAddress: byKind((calls) => `Too many ${calls} from this network. Please try again later.`),
  guestsPerTenant: byKind(
    (calls) => `Too many ${calls} are being made online right now. Please try again later, or ask the branch for help.`,
  ),
} as const;
