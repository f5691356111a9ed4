import { eq } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { QuotaExceededError } from '../../errors';
import { tenants, type QuotaOverridesColumn } from '../../db/schema';
import type { QuotaKind } from './quota-kinds';
import { QUOTA_MSG } from './quota.messages';
import { takeHits, type RateLimit } from './rate-limit.service';
import type { Said } from '../../kernels/messages';

export { QUOTA_KINDS, type QuotaKind } from './quota-kinds';

export type Quota = {
  per_application_hour: number;
  per_user_hour: number;
  /** A guest of the public flow in place of the user: its own mobile. */
  per_guest_hour: number;
  /** Every guest's calls from one client address (three mobiles from one address made 30 PAN lookups). */
  guests_per_address_hour: number;
  /** Every guest's calls in the tenant: what the public flow may cost in an hour, whoever asks. */
  guests_per_tenant_hour: number;
};

/** A guest's, an address's and a tenant's guests' hour. */
function guests(perGuest: number, perAddress: number, perTenant: number) {
  return { per_guest_hour: perGuest, guests_per_address_hour: perAddress, guests_per_tenant_hour: perTenant };
}

/**
 * Calls per application and per user in a sliding hour, and for the public flow's guests per
 * guest, per client address and per tenant, unless the tenant's row says otherwise
 * (`tenants.quotas`, e.g. `{"pan": {"per_application_hour": 5}}`). An application needs a few
 * of each (a borrower, up to a few co-applicants, a retry); an officer works on many applications;
 * a guest on one, and a few households may share an address.
 */
export const DEFAULT_QUOTAS: Readonly<Record<QuotaKind, Quota>> = {
  pan: { per_application_hour: 10, per_user_hour: 60, ...guests(10, 20, 300) },
  voter_id: { per_application_hour: 10, per_user_hour: 60, ...guests(10, 20, 300) },
  bank_account: { per_application_hour: 10, per_user_hour: 60, ...guests(10, 20, 300) },
  aadhaar_otp: { per_application_hour: 5, per_user_hour: 30, ...guests(5, 10, 150) },
  bureau: { per_application_hour: 10, per_user_hour: 60, ...guests(10, 20, 300) },
  bre: { per_application_hour: 20, per_user_hour: 120, ...guests(20, 40, 600) },
  statement: { per_application_hour: 20, per_user_hour: 100, ...guests(20, 40, 600) },
};

const positiveWhole = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** The tenant's quota of one kind: its own numbers where set and valid, the defaults elsewhere. */
export function quotaOf(overrides: QuotaOverridesColumn | null | undefined, kind: QuotaKind, fallback = DEFAULT_QUOTAS[kind]): Quota {
  const own = overrides?.[kind];
  const pick = (name: keyof Quota) => positiveWhole(own?.[name]) ?? fallback[name];
  return {
    per_application_hour: pick('per_application_hour'),
    per_user_hour: pick('per_user_hour'),
    per_guest_hour: pick('per_guest_hour'),
    guests_per_address_hour: pick('guests_per_address_hour'),
    guests_per_tenant_hour: pick('guests_per_tenant_hour'),
  };
}

/**
 * A staff user counts by id; a guest of the public flow by its mobile and client address (every
 * guest is the tenant's one SELF_APPLY row, so that id tells no guest from another).
 */
export type QuotaUser = { id: number; guest?: { mobile: string; address: string } | null };

/**
 * Who pays: the user, and the application the call is for (a statement read without one counts
 * for the user only); `tenantQuotas`, the tenant's row's quotas when the caller has read them
 * already (with the application), else they are read here.
 */
export type QuotaCaller = { tenant: Tenant; user: QuotaUser; applicationId?: string; tenantQuotas?: QuotaOverridesColumn | null };

type QuotaLimit = RateLimit & { message: Said };

/** The counts one call of `kind` spends: the application's, then the staff user's or the guest's three. */
function limitsOf(caller: QuotaCaller, kind: QuotaKind, quota: Quota): QuotaLimit[] {
  const limit = (scope: string, key: string, max: number, message: Said) => ({
    tenant: caller.tenant,
    bucket: `quota:${kind}:${scope}`,
    key,
    max,
    message,
  });
  const guest = caller.user.guest;
  return [
    ...(caller.applicationId === undefined
      ? []
      : [limit('application', caller.applicationId, quota.per_application_hour, QUOTA_MSG.perApplication[kind])]),
    ...(guest
      ? [
          limit('guest', guest.mobile, quota.per_guest_hour, QUOTA_MSG.perUser[kind]),
          limit('guest-address', guest.address, quota.guests_per_address_hour, QUOTA_MSG.guestsPerAddress[kind]),
          limit('guests', 'all', quota.guests_per_tenant_hour, QUOTA_MSG.guestsPerTenant[kind]),
        ]
      : [limit('user', String(caller.user.id), quota.per_user_hour, QUOTA_MSG.perUser[kind])]),
  ];
}

/**
 * Takes one call of `kind` from each of the caller's counts (limitsOf), all or none, in the
 * database (every API node shares the counts). Call it after the access check, so no one spends
 * another officer's application, and right before the provider is paid. Past any quota it
 * throws QuotaExceededError.
 */
export async function spendQuota(db: Db, caller: QuotaCaller, kind: QuotaKind, now: number, fallback?: Quota): Promise<void> {
  const overrides =
    caller.tenantQuotas !== undefined
      ? caller.tenantQuotas
      : (await db.select({ quotas: tenants.quotas }).from(tenants).where(eq(tenants.key, caller.tenant)))[0]?.quotas;
  const limits = limitsOf(caller, kind, quotaOf(overrides, kind, fallback));
  const refused = await takeHits(db, limits, now);
  if (!refused) return;
  throw new QuotaExceededError(limits[refused.index]!.message, refused.retryMinutes * 60);
}
