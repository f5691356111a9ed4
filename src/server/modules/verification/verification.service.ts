import { and, eq, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema';

/**
 * The checks recorded on an application, read by the submits and the status machine:
 * `data.verifications.aadhaar` and `.name_match` hold the latest check; PAN and voter-ID checks
 * are kept by the number checked (`.pan[<PAN>]`, `.voter_id[<EPIC>]`), so a co-applicant's check
 * never overwrites the borrower's.
 */
export type VerificationKind = 'aadhaar' | 'pan' | 'voter_id' | 'name_match' | 'bank_account' | 'bank_statement';
/** Bank accounts are kept by `<IFSC>:<account number>`, statements read by their file id. */
export type KeyedVerificationKind = 'pan' | 'voter_id' | 'bank_account' | 'bank_statement';
const KEYED: readonly VerificationKind[] = ['pan', 'voter_id', 'bank_account', 'bank_statement'];
const NEVER_DOWNGRADED: readonly VerificationKind[] = ['aadhaar', 'pan', 'voter_id', 'bank_account'];

type Executor = Pick<Db, 'update'>;

/**
 * Checks kept per kind of keyed check on one application. Beyond it the oldest go, failures
 * first: 1,500 PAN checks once grew a draft's stored data from 4.5 KB to 197 KB.
 */
export const MAX_KEYED_CHECKS = 25;

/** When of a recorded check, as its ISO text (which sorts as time does). */
const checkedAt = sql.raw(`coalesce(value->>'verified_at', value->>'checked_at', value->>'read_at', '')`);

/**
 * Records one check in one statement, so concurrent checks of other kinds or numbers are not lost.
 * A VERIFIED Aadhaar, PAN or voter ID stays VERIFIED: a later check that is not VERIFIED (a
 * failure, a new OTP request) is not recorded over it. A check does not touch `updated_at`: that
 * marks a change to what was captured (the review workflow's "a change since the review"), and a
 * reviewer's check on an open screen is not one.
 */
export async function recordVerification(
  db: Executor,
  tenant: Tenant,
  applicationId: string,
  kind: VerificationKind,
  result: Record<string, unknown>,
  key?: string,
) {
  if (KEYED.includes(kind) && !key) throw new Error(`A ${kind} check is recorded by its number`);
  const current = key ? sql`${applications.data}->'verifications'->${kind}->${key}` : sql`${applications.data}->'verifications'->${kind}`;
  const keepsVerified = NEVER_DOWNGRADED.includes(kind) && result.status !== 'VERIFIED';
  const entry = JSON.stringify(key ? { [key]: result } : result);
  const verifications = sql`coalesce(${applications.data}->'verifications', '{}'::jsonb)`;
  const value = key ? sql`coalesce(${applications.data}->'verifications'->${kind}, '{}'::jsonb) || ${entry}::jsonb` : sql`${entry}::jsonb`;
  await db
    .update(applications)
    .set({
      data: sql`jsonb_set(${applications.data}, '{verifications}', ${verifications} || jsonb_build_object(${kind}::text, ${value}))`,
    })
    .where(
      and(
        eq(applications.tenant_id, tenant),
        eq(applications.id, applicationId),
        keepsVerified ? sql`coalesce(${current}->>'status', '') <> 'VERIFIED'` : undefined,
      ),
    );
  if (key) await capKeyedChecks(db, tenant, applicationId, kind);
}

/** Keeps the newest MAX_KEYED_CHECKS checks of a kind, the failed ones going first; one statement, so nothing races it. */
async function capKeyedChecks(db: Executor, tenant: Tenant, applicationId: string, kind: VerificationKind) {
  const checks = sql`${applications.data}->'verifications'->${kind}`;
  const kept = sql`(select jsonb_object_agg(key, value) from (
      select key, value from jsonb_each(${checks})
      order by (value->>'status' = 'FAILED'), ${checkedAt} desc
      limit ${MAX_KEYED_CHECKS}
    ) newest)`;
  await db
    .update(applications)
    .set({ data: sql`jsonb_set(${applications.data}, array['verifications', ${kind}::text], ${kept})` })
    .where(
      and(
        eq(applications.tenant_id, tenant),
        eq(applications.id, applicationId),
        sql`(select count(*) from jsonb_object_keys(${checks})) > ${MAX_KEYED_CHECKS}`,
      ),
    );
}

type Check = Record<string, unknown>;

/** The latest Aadhaar or name-match check of an application, if recorded. */
export function verificationOf(data: Record<string, unknown>, kind: 'aadhaar' | 'name_match'): Check | undefined {
  const all = data.verifications as Record<string, Check> | undefined;
  return all?.[kind];
}

/** The check of one PAN or voter ID on an application, if recorded. */
export function keyedVerificationOf(
  data: Record<string, unknown>,
  kind: KeyedVerificationKind,
  key: string | null | undefined,
): Check | undefined {
  if (!key) return undefined;
  const all = data.verifications as Record<string, Record<string, Check> | undefined> | undefined;
  return all?.[kind]?.[kind === 'bank_statement' ? key : key.toUpperCase()];
}

/** The name a provider returned for a verified PAN or voter ID, if it was verified. */
export function verifiedName(
  data: Record<string, unknown>,
  kind: KeyedVerificationKind,
  key: string | null | undefined,
): string | undefined {
  const check = keyedVerificationOf(data, kind, key);
  return check?.status === 'VERIFIED' && typeof check.name === 'string' ? check.name : undefined;
}
