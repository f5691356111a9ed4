import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { applications, guestTokens, users, type UserRow } from '../../db/schema';
import type { AuthUser } from '../../types';
import { hashToken, TOKEN_TOUCH_INTERVAL_MS } from './session.service';

// The guest token of the public applicant flow (DECISIONS "Public applicant flow"): 256 random
// bits, only the hash kept, one mobile's one self-application in one tenant, 24 h idle, revoked
// when an officer takes the application over. No cache: a revocation holds on every node at once.

export const GUEST_IDLE_MS = 24 * 3_600_000;
const MAX_TOKEN_LENGTH = 200;

/** The system row self-applications belong to until taken over; its "mobile" is no mobile, so no one signs in as it. */
export const SELF_APPLY_ROLE = 'SELF_APPLY';
const SELF_APPLY_MOBILE = 'self-apply';

/** The tenant's SELF_APPLY user, made on first use. */
export async function selfApplyUser(db: Pick<Db, 'insert' | 'select'>, tenant: Tenant): Promise<UserRow> {
  const where = and(eq(users.tenant_id, tenant), eq(users.mobile, SELF_APPLY_MOBILE));
  const [found] = await db.select().from(users).where(where).limit(1);
  if (found) return found;
  await db
    .insert(users)
    .values({ tenant_id: tenant, mobile: SELF_APPLY_MOBILE, first_name: 'Self-applied', role: SELF_APPLY_ROLE })
    .onConflictDoNothing();
  const [made] = await db.select().from(users).where(where).limit(1);
  return made!;
}

/** A new guest token for an application: the token for the phone, its hash stored. */
export async function issueGuestToken(tx: Pick<Tx, 'insert'>, tenant: Tenant, applicationId: string, mobile: string, now: number) {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(now);
  await tx.insert(guestTokens).values({
    tenant_id: tenant,
    token_hash: hashToken(token),
    application_id: applicationId,
    mobile,
    created_at: at,
    last_used_at: at,
  });
  return token;
}

/** The guest of a live guest token of this tenant, as the SELF_APPLY user with its scope, calling from `address`; else null. */
export async function authenticateGuest(
  db: Db,
  tenant: Tenant,
  token: string | undefined,
  now: number,
  address: string,
): Promise<AuthUser | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select({ token: guestTokens, user: users, submitted: sql<boolean>`(${applications.data} ? 'self_submitted_at')` })
    .from(guestTokens)
    .innerJoin(applications, and(eq(applications.tenant_id, guestTokens.tenant_id), eq(applications.id, guestTokens.application_id)))
    .innerJoin(users, and(eq(users.tenant_id, applications.tenant_id), eq(users.id, applications.created_by)))
    .where(and(eq(guestTokens.tenant_id, tenant), eq(guestTokens.token_hash, hash)))
    .limit(1);
  if (!row || row.token.revoked_at || now - row.token.last_used_at.getTime() > GUEST_IDLE_MS) return null;
  // Taken over: the application is an officer's now, whatever the token row says.
  if (row.user.role !== SELF_APPLY_ROLE) return null;
  if (now - row.token.last_used_at.getTime() >= TOKEN_TOUCH_INTERVAL_MS) {
    await db
      .update(guestTokens)
      .set({ last_used_at: new Date(now) })
      .where(and(eq(guestTokens.tenant_id, tenant), eq(guestTokens.token_hash, hash)));
  }
  return {
    ...row.user,
    token_hash: hash,
    session_id: `guest:${row.token.application_id}`,
    guest: { application_id: row.token.application_id, submitted: row.submitted === true, mobile: row.token.mobile, address },
  };
}

/** Ends every guest token of an application (the take-over). */
export async function revokeGuestTokens(tx: Pick<Tx, 'update'>, tenant: Tenant, applicationId: string, now: number): Promise<void> {
  await tx
    .update(guestTokens)
    .set({ revoked_at: new Date(now) })
    .where(and(eq(guestTokens.tenant_id, tenant), eq(guestTokens.application_id, applicationId), isNull(guestTokens.revoked_at)));
}
