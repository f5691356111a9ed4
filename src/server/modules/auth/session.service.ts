import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import type { AuthUser } from '../../types';
import type { SessionCache } from './session-cache';

/** last_used_at is refreshed at most this often, so a busy token does not write on every request. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;
const MAX_TOKEN_LENGTH = 200;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const cacheKey = (tenant: Tenant, hash: string) => `${tenant}:${hash}`;

/** 256 random bits for the client; only the SHA-256 is stored. */
export async function issueToken(db: Pick<Db, 'insert'>, tenant: Tenant, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(authTokens)
    .values({ tenant_id: tenant, token_hash: hashToken(token), user_id: userId, created_at: now, last_used_at: now });
  return token;
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({ user: users, last_used_at: authTokens.last_used_at, revoked_at: authTokens.revoked_at })
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
  return { user: row.user, lastUsedAt: row.last_used_at.getTime(), cachedAt: now };
}

export type SessionDeps = { db: Db; cache: SessionCache; idleMs: number };

/** The user of a live token of this tenant (not revoked, used within the idle limit), else null. */
export async function authenticate(deps: SessionDeps, tenant: Tenant, token: string | undefined, now: number): Promise<AuthUser | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const hash = hashToken(token);
  const key = cacheKey(tenant, hash);
  let session = deps.cache.get(key, now);
  // Idle by this process's view: another API node may have seen it used since, so ask the database.
  if (!session || now - session.lastUsedAt > deps.idleMs) session = await loadSession(deps.db, tenant, hash, now);
  if (!session || now - session.lastUsedAt > deps.idleMs) {
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
  return { ...session.user, token_hash: hash };
}

export async function revokeToken(deps: Pick<SessionDeps, 'db' | 'cache'>, tenant: Tenant, tokenHash: string, now: number): Promise<void> {
  deps.cache.revoke(cacheKey(tenant, tokenHash), now);
  await deps.db
    .update(authTokens)
    .set({ revoked_at: new Date(now) })
    .where(and(eq(authTokens.tenant_id, tenant), eq(authTokens.token_hash, tokenHash)));
}
