import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { Clock } from '../../clock';
import { maskMobiles } from '../../observability/mask-mobiles';
import type { SmsProvider } from './sms-provider';

type OutboxOptions = {
  db: Db;
  clock: Clock;
  /** Where the console line goes. */
  log: (line: string) => void;
};

/**
 * The development SMS provider: stores each message in `sms_outbox` (listed by GET /api/dev/sms)
 * and prints it, the mobile masked. This console line is the only place an OTP is ever logged.
 */
export function createSmsOutboxProvider({ db, clock, log }: OutboxOptions): SmsProvider {
  return {
    async send(tenant, to, text, otp) {
      await db.insert(smsOutbox).values({ tenant_id: tenant, to, text, otp: otp ?? null, sent_at: new Date(clock.now()) });
      // The mobile masked: the outbox itself (GET /api/dev/sms) has it in full.
      log(maskMobiles(`[sms-outbox] ${tenant} to ${to}: ${text}`));
    },
  };
}
