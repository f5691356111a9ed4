// A guest's paid call may be refused for its address or its tenant: those messages in the person's language load with it.
import '../i18n/guest-quota.text';
import { BANKING_PATHS, pathOf, type Envelope } from '../../domain';
import { verificationApi } from './clients';
import { requestEnvelope } from './envelope';

/** What the bank verification answers: the holder's name as the bank has it, among others (read loosely: holderNameOf). */
export type BankVerification = Record<string, unknown>;

/** Spec 02 §7: a fixed prefix, four digits of the account and a timestamp (like the voter reference). */
export const bankReference = (accountNumber: string, now = Date.now()) => `SAHYOGBANK${accountNumber.slice(-4)}${now}`;

/** `POST /verification/v1/perfios/kyc/verify-bank-acc-v3` (needs connection). */
export const verifyBankAccount = (input: {
  account_number: string;
  ifsc: string;
  phone?: string;
  application_id: string;
}): Promise<Envelope<BankVerification>> =>
  requestEnvelope(verificationApi.post(pathOf(BANKING_PATHS.verifyAccount), { ...input, reference: bankReference(input.account_number) }));

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The holder's name in a bank verification answer, wherever the provider puts it. */
export function holderNameOf(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Record<string, unknown>;
  const result = d.result && typeof d.result === 'object' ? (d.result as Record<string, unknown>) : {};
  return (
    text(d.account_holder_name) ??
    text(d.name_at_bank) ??
    text(d.name) ??
    text(result.account_holder_name) ??
    text(result.name_at_bank) ??
    text(result.name)
  );
}
