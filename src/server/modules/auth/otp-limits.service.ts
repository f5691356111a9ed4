import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { otpSends } from '../../db/schema';
import { refuse } from '../../outcome';
import { AUTH_MSG } from './auth.messages';

type Limits = Pick<Config, 'otpMaxSendsPerMobileHour' | 'otpMaxSendsPerAddressHour'>;

const HOUR_MS = 3_600_000;

/**
 * Serialises concurrent sends to one mobile until the transaction ends, so the count holds. The
 * lock is the mobile's in every tenant, as its count is: the same person gets the texts.
 */
export async function lockMobile(tx: Tx, _tenant: Tenant, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${mobile}`}))`);
}

/** Minutes until enough sends leave the sliding hour for one more to be allowed. */
function minutesUntilFree(sentAt: Date[], max: number, now: number): number {
  const mustExpire = sentAt[sentAt.length - max]!;
  return Math.max(1, Math.ceil((mustExpire.getTime() + HOUR_MS - now) / 60_000));
}

/**
 * A 429 refusal when the mobile (its sends in every tenant: one phone got 20 login texts an hour
 * across 4 tenants) or this tenant's client address used up its sends of the last hour. The
 * mobile's count is the one deliberate read across tenants: it protects a person, not a tenant.
 */
export async function checkSendLimits(tx: Tx, limits: Limits, tenant: Tenant, mobile: string, address: string, now: number) {
  const since = new Date(now - HOUR_MS);
  const windows = [
    { where: eq(otpSends.mobile, mobile), max: limits.otpMaxSendsPerMobileHour },
    { where: and(eq(otpSends.tenant_id, tenant), eq(otpSends.client_address, address)), max: limits.otpMaxSendsPerAddressHour },
  ];
  for (const { where, max } of windows) {
    const rows = await tx
      .select({ sent_at: otpSends.sent_at })
      .from(otpSends)
      .where(and(where, gt(otpSends.sent_at, since)))
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
