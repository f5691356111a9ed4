import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import type { AuthUser } from '../../types';
import type { SessionCache } from '../../types';

/** last_used_at is refreshed at most this often, so a busy token does not write on every request. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;
export const MAX_TOKEN_LENGTH = 200;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const cacheKey = (tenant: Tenant, hash: string) => `${tenant}:${hash}`;

/** How long a session lives: `idleMs` since its last use, and `maxMs` since its login at most. */
export type SessionLimits = { idleMs: number; maxMs: number };

export const isLive = (limits: SessionLimits, createdAt: number, lastUsedAt: number, now: number) =>
  now - lastUsedAt <= limits.idleMs && now - createdAt <= limits.maxMs;

export type IssuedToken = { token: string; sessionId: string; sendToken: string };

/**
 * A send-only credential starts so (a dot is never in base64url): the server tells it from a
 * session token without a lookup.
 */
export const SEND_TOKEN_PREFIX = 'send.';
export const isSendToken = (token: string | undefined): token is string => !!token && token.startsWith(SEND_TOKEN_PREFIX);
const newSendToken = () => `${SEND_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * 256 random bits for the client; only the SHA-256 is stored. A login from a known device (see
 * `deviceOf`) revokes that device's older sessions of the user, in the same transaction.
 */
export async function issueToken(
  db: Pick<Db, 'insert' | 'update'>,
  tenant: Tenant,
  userId: number,
  now: Date,
  device: string | null = null,
  deviceLabel: string | null = null,
): Promise<IssuedToken & { revoked: string[] }> {
  const token = randomBytes(32).toString('base64url');
  const sendToken = newSendToken();
  const sessionId = randomUUID();
  const tokenHash = hashToken(token);
  let revoked: string[] = [];
  if (device) {
    const rows = await db
      .update(authTokens)
      .set({ revoked_at: now })
      .where(
        and(
          eq(authTokens.tenant_id, tenant),
          eq(authTokens.user_id, userId),
          eq(authTokens.device, device),
          isNull(authTokens.revoked_at),
          ne(authTokens.token_hash, tokenHash),
        ),
      )
      .returning({ hash: authTokens.token_hash });
    revoked = rows.map((row) => row.hash);
  }
  await db.insert(authTokens).values({
    tenant_id: tenant,
    token_hash: tokenHash,
    session_id: sessionId,
    user_id: userId,
    device,
    device_label: device ? deviceLabel : null,
    created_at: now,
    last_used_at: now,
    send_token_hash: hashToken(sendToken),
  });
  return { token, sessionId, sendToken, revoked };
}

/** The device a login comes from: the client identifier and the app's own device id, hashed; null when it names none. */
export function deviceOf(clientIdentifier: string | undefined, deviceId: string | undefined): string | null {
  if (!deviceId) return null;
  return createHash('sha256')
    .update(`${clientIdentifier ?? ''}\n${deviceId}`)
    .digest('hex');
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({
      user: users,
      session_id: authTokens.session_id,
      created_at: authTokens.created_at,
      last_used_at: authTokens.last_used_at,
      revoked_at: authTokens.revoked_at,
    })
    .from(authTokens)
    .innerJoin(users, and(eq(users.tenant_id, authTokens.tenant_id), eq(users.id, authTokens.user_id)))
    .where(and(eq(authTokens.tenant_id, sql.placeholder('tenant')), eq(authTokens.token_hash, sql.placeholder('hash'))))
    .limit(1)
    .prepare('auth_token_lookup');
}

async function loadSession(db: Db, tenant: Tenant, hash: string, now: number) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ tenant, hash });
  if (!row || row.revoked_at) return undefined;
  return {
    user: row.user,
    sessionId: row.session_id,
    createdAt: row.created_at.getTime(),
    lastUsedAt: row.last_used_at.getTime(),
    cachedAt: now,
  };
}

export type SessionDeps = SessionLimits & { db: Db; cache: SessionCache };

/** The user of a live token of this tenant (not revoked, used within the idle limit, younger than the lifetime), else null. */
export async function authenticate(deps: SessionDeps, tenant: Tenant, token: string | undefined, now: number): Promise<AuthUser | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const hash = hashToken(token);
  const key = cacheKey(tenant, hash);
  let session = deps.cache.get(key, now);
  // Idle by this process's view: another API node may have seen it used since, so ask the database.
  if (!session || now - session.lastUsedAt > deps.idleMs) session = await loadSession(deps.db, tenant, hash, now);
  if (!session || !isLive(deps, session.createdAt, session.lastUsedAt, now)) {
    deps.cache.delete(key);
    return null;
  }
  if (now - session.lastUsedAt >= TOKEN_TOUCH_INTERVAL_MS) {
    await deps.db
      .update(authTokens)
      .set({ last_used_at: new Date(now) })
      .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.token_hash, hash)));
    session = { ...session, lastUsedAt: now };
  }
  deps.cache.set(key, session);
  return { ...session.user, token_hash: hash, session_id: session.sessionId };
}

/** A new send-only credential for a live session (a phone that signed in before they existed); the old one stops working. */
export async function reissueSendToken(db: Db, tenant: Tenant, tokenHash: string): Promise<string> {
  const sendToken = newSendToken();
  await db
    .update(authTokens)
    .set({ send_token_hash: hashToken(sendToken) })
    .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.token_hash, tokenHash)));
  return sendToken;
}

/**
 * The session a send-only credential belongs to: its user and token hash, and whether it is live
 * (not revoked, within its idle and absolute limits). A send does not count as use of the session.
 */
export async function sendTokenSession(
  db: Db,
  limits: SessionLimits,
  tenant: Tenant,
  sendToken: string,
  now: number,
): Promise<{ user: AuthUser; tokenHash: string; live: boolean } | undefined> {
  if (sendToken.length > MAX_TOKEN_LENGTH) return undefined;
  const [row] = await db
    .select({ user: users, token: authTokens })
    .from(authTokens)
    .innerJoin(users, and(eq(users.tenant_id, authTokens.tenant_id), eq(users.id, authTokens.user_id)))
    .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.send_token_hash, hashToken(sendToken))))
    .limit(1);
  if (!row) return undefined;
  const { token } = row;
  const live = !token.revoked_at && isLive(limits, token.created_at.getTime(), token.last_used_at.getTime(), now);
  return { user: { ...row.user, token_hash: token.token_hash, session_id: token.session_id }, tokenHash: token.token_hash, live };
}

/** Whether the session a file link names is still live: a link dies with its session (logout, expiry, a new login). */
export async function sessionIsLive(db: Db, limits: SessionLimits, tenant: Tenant, sessionId: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ created_at: authTokens.created_at, last_used_at: authTokens.last_used_at, revoked_at: authTokens.revoked_at })
    .from(authTokens)
    .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.session_id, sessionId)))
    .limit(1);
  return !!row && !row.revoked_at && isLive(limits, row.created_at.getTime(), row.last_used_at.getTime(), now);
}

/** A device's sessions of one user, live or not, newest first. */
export async function devicesOf(db: Db, tenant: Tenant, userId: number) {
  const rows = await db
    .select({
      device: authTokens.device,
      label: authTokens.device_label,
      created_at: authTokens.created_at,
      last_used_at: authTokens.last_used_at,
      revoked_at: authTokens.revoked_at,
    })
    .from(authTokens)
    .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.user_id, userId), isNotNull(authTokens.device)));
  const byDevice = new Map<string, { device: string; label: string | null; signed_in_at: string; last_used_at: string; live: boolean }>();
  for (const row of rows) {
    const seen = byDevice.get(row.device!);
    const lastUsed = row.last_used_at.toISOString();
    if (!seen || lastUsed > seen.last_used_at)
      byDevice.set(row.device!, {
        device: row.device!,
        label: row.label,
        signed_in_at: row.created_at.toISOString(),
        last_used_at: lastUsed,
        live: !row.revoked_at || !!seen?.live,
      });
    else if (!row.revoked_at) seen.live = true;
  }
  return [...byDevice.values()].sort((a, b) => b.last_used_at.localeCompare(a.last_used_at));
}

export async function revokeToken(deps: Pick<SessionDeps, 'db' | 'cache'>, tenant: Tenant, tokenHash: string, now: number): Promise<void> {
  deps.cache.revoke(cacheKey(tenant, tokenHash), now);
  await deps.db
    .update(authTokens)
    .set({ revoked_at: new Date(now) })
    .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.token_hash, tokenHash)));
}

/** Drops tokens revoked elsewhere (a new login on the device) from this process's cache at once. */
export function forgetRevoked(cache: SessionCache, tenant: Tenant, hashes: readonly string[], now: number): void {
  for (const hash of hashes) cache.revoke(cacheKey(tenant, hash), now);
}

/** The limits of the configuration, in milliseconds. */
export const sessionLimitsOf = (config: { tokenIdleHours: number; tokenMaxDays: number }): SessionLimits => ({
  idleMs: config.tokenIdleHours * 3_600_000,
  maxMs: config.tokenMaxDays * 24 * 3_600_000,
});
