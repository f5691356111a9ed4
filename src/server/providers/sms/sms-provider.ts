import type { Tenant } from '../../../domain';

/**
 * Sends one SMS. `otp` is passed separately so a development outbox can list it; a real
 * gateway sends `text` and ignores it.
 */
export type SmsProvider = {
  send(tenant: Tenant, to: string, text: string, otp?: string): Promise<void>;
};
