import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { LOST_DEVICE_DELIVERY_MS, type DeviceLoss, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { authTokens, deviceLosses, users } from '../../db/schema';
import type { RevokedSession } from '../../types';
import { forgetRevoked, hashToken, isLive, MAX_TOKEN_LENGTH, type SessionDeps, type SessionLimits } from './session.service';

/**
 * A revoked token of this tenant, else undefined. For a session revoked because its device was
 * marked lost (and live at the marking), its first contact since opens the delivery window
 * (recorded once: the holder cannot move it), and `deliveryOpen` says whether `now` is inside it:
 * within LOST_DEVICE_DELIVERY_MS of that contact, before the phone reported its wipe, and within
 * the session's own lifetime.
 */
export async function revokedSession(
  db: Db,
  limits: SessionLimits,
  tenant: Tenant,
  token: string | undefined,
  now: number,
): Promise<RevokedSession | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  return revokedSessionOf(db, limits, tenant, hashToken(token), now);
}

/** `revokedSession` by the session token's hash (a send-only credential names its session so). */
export async function revokedSessionOf(
  db: Db,
  limits: SessionLimits,
  tenant: Tenant,
  hash: string,
  now: number,
): Promise<RevokedSession | undefined> {
  const [row] = await db
    .select({ user: users, token: authTokens, loss: deviceLosses })
    .from(authTokens)
    .innerJoin(users, and(eq(users.tenant_id, authTokens.tenant_id), eq(users.id, authTokens.user_id)))
    .leftJoin(deviceLosses, and(eq(deviceLosses.tenant_id, authTokens.tenant_id), eq(deviceLosses.token_hash, authTokens.token_hash)))
    .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.token_hash, hash)))
    .limit(1);
  if (!row?.token.revoked_at) return undefined;
  if (!row.loss) return { lostDevice: null, deliveryOpen: false };
  let contactAt = row.loss.contact_at?.getTime();
  if (contactAt === undefined) {
    // The first contact after the marking; two at once: the one that wrote it counts.
    const [set] = await db
      .update(deviceLosses)
      .set({ contact_at: new Date(now) })
      .where(and(eq(deviceLosses.tenant_id, tenant), eq(deviceLosses.token_hash, hash), isNull(deviceLosses.contact_at)))
      .returning({ contact_at: deviceLosses.contact_at });
    contactAt = set?.contact_at?.getTime() ?? now;
  }
  const deliveryOpen =
    row.loss.wiped_at === null && now - contactAt <= LOST_DEVICE_DELIVERY_MS && now - row.token.created_at.getTime() <= limits.maxMs;
  return { lostDevice: { ...row.user, token_hash: hash, session_id: row.token.session_id }, deliveryOpen };
}

/** Records the sessions a device's marking revoked (those live at the marking): each may deliver its sealed outbox once. */
export async function recordDeviceLosses(
  db: Db,
  tenant: Tenant,
  loss: { userId: number; device: string; markedBy: number; at: number },
  tokenHashes: readonly string[],
): Promise<void> {
  if (!tokenHashes.length) return;
  await db.insert(deviceLosses).values(
    tokenHashes.map((token_hash) => ({
      tenant_id: tenant,
      token_hash,
      user_id: loss.userId,
      device: loss.device,
      marked_at: new Date(loss.at),
      marked_by: loss.markedBy,
    })),
  );
}

/** One sealed outbox request of a lost device's session answered 2xx. */
export async function countReceived(db: Db, tenant: Tenant, tokenHash: string): Promise<void> {
  await db
    .update(deviceLosses)
    .set({ received: sql`${deviceLosses.received} + 1` })
    .where(and(eq(deviceLosses.tenant_id, tenant), eq(deviceLosses.token_hash, tokenHash)));
}

/**
 * The phone's last word: how many queued items it deleted unsent. Once; it closes the window.
 * Answers how many sealed requests the server received under the session after the marking.
 */
export async function reportWiped(db: Db, tenant: Tenant, tokenHash: string, unsent: number, now: number): Promise<number> {
  const [row] = await db
    .update(deviceLosses)
    .set({ unsent, wiped_at: new Date(now) })
    .where(and(eq(deviceLosses.tenant_id, tenant), eq(deviceLosses.token_hash, tokenHash), isNull(deviceLosses.wiped_at)))
    .returning({ received: deviceLosses.received });
  return row?.received ?? 0;
}

/** The latest marking of each of the user's devices, its sessions' counts summed. */
export async function lossesOf(db: Db, tenant: Tenant, userId: number): Promise<Map<string, DeviceLoss>> {
  const rows = await db
    .select()
    .from(deviceLosses)
    .where(and(eq(deviceLosses.tenant_id, tenant), eq(deviceLosses.user_id, userId)))
    .orderBy(desc(deviceLosses.marked_at));
  const byDevice = new Map<string, DeviceLoss & { at: number }>();
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  for (const row of rows) {
    const seen = byDevice.get(row.device);
    if (seen && seen.at !== row.marked_at.getTime()) continue; // an older marking
    if (!seen) {
      byDevice.set(row.device, {
        at: row.marked_at.getTime(),
        marked_at: row.marked_at.toISOString(),
        contact_at: iso(row.contact_at),
        received: row.received,
        unsent: row.unsent,
        wiped_at: iso(row.wiped_at),
      });
      continue;
    }
    seen.received += row.received;
    seen.contact_at ??= iso(row.contact_at);
    if (row.unsent !== null) seen.unsent = (seen.unsent ?? 0) + row.unsent;
    seen.wiped_at ??= iso(row.wiped_at);
  }
  return new Map([...byDevice].map(([device, { at: _at, ...loss }]) => [device, loss]));
}

/**
 * Revokes every session of `userId` on `device` (a device marked lost by `markedBy`); answers how
 * many were not yet revoked. Those live at the marking are recorded as lost (lost-device.service.ts):
 * each may still deliver its sealed outbox, once, for a short while.
 */
export async function revokeDevice(
  deps: Pick<SessionDeps, 'db' | 'cache' | 'idleMs' | 'maxMs'>,
  tenant: Tenant,
  lost: { userId: number; device: string; markedBy: number },
  now: number,
): Promise<number> {
  const { userId, device } = lost;
  const revoked = await deps.db
    .update(authTokens)
    .set({ revoked_at: new Date(now) })
    .where(
      and(eq(authTokens.tenant_id, tenant), eq(authTokens.user_id, userId), eq(authTokens.device, device), isNull(authTokens.revoked_at)),
    )
    .returning({ token_hash: authTokens.token_hash, created_at: authTokens.created_at, last_used_at: authTokens.last_used_at });
  forgetRevoked(
    deps.cache,
    tenant,
    revoked.map((r) => r.token_hash),
    now,
  );
  const live = revoked.filter((r) => isLive(deps, r.created_at.getTime(), r.last_used_at.getTime(), now));
  await recordDeviceLosses(
    deps.db,
    tenant,
    { ...lost, at: now },
    live.map((r) => r.token_hash),
  );
  return revoked.length;
}
