import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, otpSends, otpSessions, smsOutbox } from '../../db/schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long login records are kept: the send counts only matter for an hour. */
export const AUTH_RETENTION = {
  otpSendsMs: 2 * HOUR_MS,
  otpSessionsMs: DAY_MS,
  smsOutboxMs: 7 * DAY_MS,
  deadTokensMs: 30 * DAY_MS,
} as const;

/**
 * Removes login records nobody needs any more: old send counts, OTP sessions, dev SMS messages,
 * and tokens revoked or idle for longer than the audit window.
 */
export async function purgeAuthRecords(db: Db, now: number, tokenIdleMs: number): Promise<number> {
  const before = (ms: number) => new Date(now - ms);
  const sends = await db
    .delete(otpSends)
    .where(lt(otpSends.sent_at, before(AUTH_RETENTION.otpSendsMs)))
    .returning({ id: otpSends.id });
  const sessions = await db
    .delete(otpSessions)
    .where(lt(otpSessions.created_at, before(AUTH_RETENTION.otpSessionsMs)))
    .returning({ id: otpSessions.id });
  const sms = await db
    .delete(smsOutbox)
    .where(lt(smsOutbox.sent_at, before(AUTH_RETENTION.smsOutboxMs)))
    .returning({ id: smsOutbox.id });
  const tokens = await db
    .delete(authTokens)
    .where(
      or(
        and(isNotNull(authTokens.revoked_at), lt(authTokens.revoked_at, before(AUTH_RETENTION.deadTokensMs))),
        lt(authTokens.last_used_at, before(tokenIdleMs + AUTH_RETENTION.deadTokensMs)),
      ),
    )
    .returning({ hash: authTokens.token_hash });
  return sends.length + sessions.length + sms.length + tokens.length;
}
