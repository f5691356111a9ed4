import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { otpSends } from '../../db/schema';
import { refuse } from '../../outcome';
import { AUTH_MSG } from './auth.messages';

type Limits = Pick<Config, 'otpMaxSendsPerMobileHour' | 'otpMaxSendsPerAddressHour'>;

const HOUR_MS = 3_600_000;

/** Serialises concurrent sends to one mobile until the transaction ends, so the count holds. */
export async function lockMobile(tx: Tx, tenant: Tenant, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${tenant}:${mobile}`}))`);
}

/** Minutes until enough sends leave the sliding hour for one more to be allowed. */
function minutesUntilFree(sentAt: Date[], max: number, now: number): number {
  const mustExpire = sentAt[sentAt.length - max]!;
  return Math.max(1, Math.ceil((mustExpire.getTime() + HOUR_MS - now) / 60_000));
}

/** A 429 refusal when this tenant's mobile or client address used up its sends of the last hour. */
export async function checkSendLimits(tx: Tx, limits: Limits, tenant: Tenant, mobile: string, address: string, now: number) {
  const since = new Date(now - HOUR_MS);
  const windows = [
    { column: otpSends.mobile, value: mobile, max: limits.otpMaxSendsPerMobileHour },
    { column: otpSends.client_address, value: address, max: limits.otpMaxSendsPerAddressHour },
  ];
  for (const { column, value, max } of windows) {
    const rows = await tx
      .select({ sent_at: otpSends.sent_at })
      .from(otpSends)
      .where(and(eq(otpSends.tenant_id, tenant), eq(column, value), gt(otpSends.sent_at, since)))
      .orderBy(asc(otpSends.sent_at));
    if (rows.length >= max) {
      const minutes = minutesUntilFree(
        rows.map((r) => r.sent_at),
        max,
        now,
      );
      return refuse(429, AUTH_MSG.tooManyRequests(minutes), minutes * 60);
    }
  }
  return null;
}

export async function recordSend(tx: Tx, tenant: Tenant, mobile: string, address: string, now: number): Promise<void> {
  await tx.insert(otpSends).values({ tenant_id: tenant, mobile, client_address: address, sent_at: new Date(now) });
}
