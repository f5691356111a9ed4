import { createHash } from 'node:crypto';
import {
  calendarDateOf,
  formatIsoDate,
  kfsExpired,
  kfsNumberOf,
  kfsValidUntil,
  tenantHolidays,
  type KfsLanguage,
  type LoanOffer,
} from '../../../domain';
import type { ApplicationRow } from '../../db/schema';
import { isObject } from '../../../domain/shared/is-object';
import { keyFactsOf } from './loan-offer.view';

/**
 * The Key Fact Statement of each priced version of an offer (DECISIONS.md "Key Fact Statement and
 * the borrower's consent"): a unique number, the issue date and 3 working days of validity. A new
 * version (new terms, or a re-issue of an expired statement) needs the borrower's acknowledgement
 * again.
 */

/** JSON with every object's keys sorted: jsonb keeps its own key order. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/** The fields that are not the offer's terms: its times, its statement, its acknowledgement, acceptance and voiding. */
const NOT_TERMS = [
  'computed_at',
  'updated_at',
  'accepted_at',
  'kfs_number',
  'kfs_version',
  'kfs_issued_at',
  'kfs_valid_until',
  'acknowledgement',
  'accepted_basis',
  'voided',
] as const;

/** Whether two offers say the same (their times and statements apart). */
export function sameTerms(a: LoanOffer | null, b: LoanOffer): boolean {
  if (!a) return false;
  const strip = (o: LoanOffer) => Object.fromEntries(Object.entries(o).filter(([k]) => !(NOT_TERMS as readonly string[]).includes(k)));
  const x = strip(a);
  const y = strip(b);
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => canonical(x[k]) === canonical(y[k]));
}

/**
 * The offer with its statement: the previous one's while the terms are the same and it is still
 * valid (with its acknowledgement), otherwise the next version, issued now and unacknowledged,
 * valid 3 working days with the tenant's `holidays` (YYYY-MM-DD) skipped.
 */
export function withStatement(
  previous: LoanOffer | null,
  offer: LoanOffer,
  row: Pick<ApplicationRow, 'id' | 'tracker_id'>,
  now: number,
  holidays: readonly string[],
): LoanOffer {
  const today = calendarDateOf(new Date(now));
  if (previous?.kfs_number && sameTerms(previous, offer) && !kfsExpired(previous.kfs_valid_until, today)) {
    return {
      ...offer,
      kfs_number: previous.kfs_number,
      kfs_version: previous.kfs_version,
      kfs_issued_at: previous.kfs_issued_at,
      kfs_valid_until: previous.kfs_valid_until,
      acknowledgement: previous.acknowledgement ?? null,
    };
  }
  const version = (previous?.kfs_version ?? 0) + 1;
  return {
    ...offer,
    kfs_number: kfsNumberOf(row.tracker_id, row.id, version),
    kfs_version: version,
    kfs_issued_at: new Date(now).toISOString(),
    kfs_valid_until: formatIsoDate(kfsValidUntil(today, tenantHolidays(holidays))),
    acknowledgement: null,
  };
}

/**
 * SHA-256 of what the statement shows in a language: its number, the borrower and the tracker id,
 * and every figure and disclosure the server computes for it. The same statement hashes the same.
 */
export function statementHash(offer: LoanOffer, row: Pick<ApplicationRow, 'tracker_id' | 'data'>, language: KfsLanguage): string {
  const content = {
    kfs_number: offer.kfs_number ?? null,
    issued_at: offer.kfs_issued_at ?? null,
    valid_until: offer.kfs_valid_until ?? null,
    language,
    borrower: typeof row.data.name === 'string' ? row.data.name : null,
    tracker_id: row.tracker_id,
    key_facts: keyFactsOf(offer),
  };
  return createHash('sha256').update(canonical(content)).digest('hex');
}
