import { and, eq, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema';

/** The checks recorded on an application (data.verifications.<kind>), read by the status machine. */
export type VerificationKind = 'aadhaar' | 'pan' | 'voter_id' | 'name_match';

/** Sets data.verifications.<kind> in one statement, so concurrent checks of other kinds are not lost. */
export async function recordVerification(db: Db, tenant: Tenant, applicationId: string, kind: VerificationKind, result: Record<string, unknown>, now: number) {
  const patch = JSON.stringify({ [kind]: result });
  await db
    .update(applications)
    .set({
      data: sql`jsonb_set(${applications.data}, '{verifications}', coalesce(${applications.data}->'verifications', '{}'::jsonb) || ${patch}::jsonb)`,
      updated_at: new Date(now),
    })
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, applicationId)));
}

/** data.verifications.<kind> of an application, if recorded. */
export function verificationOf(data: Record<string, unknown>, kind: VerificationKind): Record<string, unknown> | undefined {
  const all = data.verifications as Record<string, Record<string, unknown>> | undefined;
  return all?.[kind];
}
