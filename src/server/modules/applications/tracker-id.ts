import { inIndia, PATTERNS, type Tenant } from '../../../domain';

/** The 3 capital letters that start each tenant's external loan ids (DECISIONS.md "API shape"). */
export const TRACKER_PREFIX: Record<Tenant, string> = { sahyog: 'SAH', catfin: 'CAT', capitalneed: 'CAP', acfl: 'ACF' };

/**
 * A tracker id: the tenant prefix, the year and month of India's date (YYMM) and a random
 * 6-digit serial, e.g. SAH2611000123. Unique per tenant by the database's index; a collision is
 * retried with another serial by the caller (applications.service.ts).
 */
export function newTrackerId(tenant: Tenant, now: number, serial: number): string {
  const id = `${TRACKER_PREFIX[tenant]}${inIndia(now).format('YYMM')}${String(serial).padStart(6, '0')}`;
  if (!PATTERNS.trackerId.test(id)) throw new Error(`malformed tracker id ${id}`);
  return id;
}
