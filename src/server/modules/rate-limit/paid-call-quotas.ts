import { eq } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { tenants, type QuotaOverridesColumn } from '../../db/schema';
import type { QuotaKind } from './quota-kinds';
import { QUOTA_MSG } from './quota.messages';
import { takeHits } from './rate-limit.service';

export { QUOTA_KINDS, type QuotaKind } from './quota-kinds';

export type Quota = { per_application_hour: number; per_user_hour: number };

/**
 * Calls per application and per user in a sliding hour, unless the tenant's row says otherwise
 * (`tenants.quotas`, e.g. `{"pan": {"per_application_hour": 5}}`). An application needs a few
 * of each (a borrower, up to a few co-applicants, a retry); an officer works on many applications.
 */
export const DEFAULT_QUOTAS: Readonly<Record<QuotaKind, Quota>> = {
  pan: { per_application_hour: 10, per_user_hour: 60 },
  voter_id: { per_application_hour: 10, per_user_hour: 60 },
  bank_account: { per_application_hour: 10, per_user_hour: 60 },
  aadhaar_otp: { per_application_hour: 5, per_user_hour: 30 },
  bureau: { per_application_hour: 10, per_user_hour: 60 },
  bre: { per_application_hour: 20, per_user_hour: 120 },
  statement: { per_application_hour: 20, per_user_hour: 100 },
};

/** A quota used up: thrown where the paid call would be made, answered 429 with Retry-After in the route's envelope (error-handler.ts). */
export class QuotaExceededError extends Error {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'QuotaExceededError';
  }
}

const positiveWhole = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** The tenant's quota of one kind: its own numbers where set and valid, the defaults elsewhere. */
export function quotaOf(overrides: QuotaOverridesColumn | null | undefined, kind: QuotaKind, fallback = DEFAULT_QUOTAS[kind]): Quota {
  const own = overrides?.[kind];
  return {
    per_application_hour: positiveWhole(own?.per_application_hour) ?? fallback.per_application_hour,
    per_user_hour: positiveWhole(own?.per_user_hour) ?? fallback.per_user_hour,
  };
}

/**
 * Who pays: the user, and the application the call is for (a statement read without one counts
 * for the user only); `tenantQuotas`, the tenant's row's quotas when the caller has read them
 * already (with the application), else they are read here.
 */
export type QuotaCaller = { tenant: Tenant; userId: number; applicationId?: string; tenantQuotas?: QuotaOverridesColumn | null };

/**
 * Takes one call of `kind` from the application's and the user's hour, both or neither, in the
 * database (every API node shares the counts). Call it after the access check, so no one spends
 * another officer's application, and right before the provider is paid. Past either quota it
 * throws QuotaExceededError.
 */
export async function spendQuota(db: Db, caller: QuotaCaller, kind: QuotaKind, now: number, fallback?: Quota): Promise<void> {
  const overrides =
    caller.tenantQuotas !== undefined
      ? caller.tenantQuotas
      : (await db.select({ quotas: tenants.quotas }).from(tenants).where(eq(tenants.key, caller.tenant)))[0]?.quotas;
  const quota = quotaOf(overrides, kind, fallback);
  const limits = [
    {
      tenant: caller.tenant,
      bucket: `quota:${kind}:user`,
      key: String(caller.userId),
      max: quota.per_user_hour,
      message: QUOTA_MSG.perUser[kind],
    },
  ];
  if (caller.applicationId !== undefined) {
    const perApplication = { bucket: `quota:${kind}:application`, key: caller.applicationId, max: quota.per_application_hour };
    limits.unshift({ tenant: caller.tenant, ...perApplication, message: QUOTA_MSG.perApplication[kind] });
  }
  const refused = await takeHits(db, limits, now);
  if (!refused) return;
  const message = limits[refused.index]!.message;
  throw new QuotaExceededError(message, refused.retryMinutes * 60);
}
