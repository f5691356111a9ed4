import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { LIMITS, MSG, type Tenant } from '../../../domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { otpSessions, users } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { Clock } from '../../types';
import { findTenant } from '../tenant/tenant.service';
import { AUTH_MSG } from './auth.messages';
import { checkSendLimits, lockMobile, recordSend } from './otp-limits.service';
import { issueToken } from './session.service';

export type OtpDeps = { db: Db; config: Config; clock: Clock; sms: SmsProvider };

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_RESEND_MS = LIMITS.otpResendSeconds * 1000;
export const OTP_MAX_WRONG_ATTEMPTS = 5;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(LIMITS.otpLength, '0');

/** HMAC-SHA256 of the code under a random per-send salt: the code is never stored. */
function hashCode(code: string) {
  const salt = randomBytes(16).toString('hex');
  return { otp_salt: salt, otp_hash: createHmac('sha256', salt).update(code).digest('hex') };
}

function codeMatches(code: string, salt: string, hash: string): boolean {
  const actual = createHmac('sha256', salt).update(code).digest();
  const expected = Buffer.from(hash, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

async function deliver(deps: OtpDeps, tenant: Tenant, mobile: string, code: string): Promise<void> {
  const displayName = (await findTenant(deps.db, tenant))?.display_name ?? tenant;
  const text = `${code} is your ${displayName} login OTP. It is valid for 5 minutes. Do not share it with anyone.`;
  await deps.sms.send(tenant, mobile, text, code);
}

export async function sendOtp(deps: OtpDeps, tenant: Tenant, mobile: string, address: string): Promise<Outcome<{ session_id: string }>> {
  const { db, config } = deps;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)))
    .limit(1);
  if (!user) return refuse(400, AUTH_MSG.notRegistered);

  const now = deps.clock.now();
  const code = newCode();
  const sessionId = randomBytes(16).toString('hex');
  const outcome = await db.transaction(async (tx) => {
    await lockMobile(tx, tenant, mobile);
    const limited = await checkSendLimits(tx, config, tenant, mobile, address, now);
    if (limited) return limited;
    await recordSend(tx, tenant, mobile, address, now);
    await tx.insert(otpSessions).values({
      tenant_id: tenant,
      id: sessionId,
      mobile,
      user_id: user.id,
      ...hashCode(code),
      otp_expires_at: new Date(now + OTP_TTL_MS),
      last_sent_at: new Date(now),
      created_at: new Date(now),
    });
    return accept({ session_id: sessionId });
  });
  // Sent after the commit: PGlite has one connection, and the provider writes through it.
  if (outcome.ok) await deliver(deps, tenant, mobile, code);
  return outcome;
}

const findSessionForUpdate = (tx: Tx, tenant: Tenant, sessionId: string) =>
  tx
    .select()
    .from(otpSessions)
    .where(and(eq(otpSessions.tenant_id, tenant), eq(otpSessions.id, sessionId)))
    .for('update')
    .then((rows) => rows[0]);

/** A new code for a live session: the old one stops working; wrong attempts carry over. */
export async function resendOtp(deps: OtpDeps, tenant: Tenant, sessionId: string, address: string): Promise<Outcome<null>> {
  const now = deps.clock.now();
  const code = newCode();
  const outcome = await deps.db.transaction(async (tx) => {
    const session = await findSessionForUpdate(tx, tenant, sessionId);
    if (!session || session.state !== 'active') return refuse(400, AUTH_MSG.sessionExpired);
    const waitMs = session.last_sent_at.getTime() + OTP_RESEND_MS - now;
    if (waitMs > 0) return refuse(429, AUTH_MSG.waitBeforeResend(Math.ceil(waitMs / 1000)));
    await lockMobile(tx, tenant, session.mobile);
    const limited = await checkSendLimits(tx, deps.config, tenant, session.mobile, address, now);
    if (limited) return limited;
    await recordSend(tx, tenant, session.mobile, address, now);
    await tx
      .update(otpSessions)
      .set({ ...hashCode(code), otp_expires_at: new Date(now + OTP_TTL_MS), last_sent_at: new Date(now) })
      .where(and(eq(otpSessions.tenant_id, tenant), eq(otpSessions.id, sessionId)));
    return accept(session.mobile);
  });
  if (!outcome.ok) return outcome;
  await deliver(deps, tenant, outcome.value, code);
  return accept(null);
}

/** Checks the code once; the right one uses the session up and issues a session token. */
export async function verifyOtp(deps: OtpDeps, tenant: Tenant, sessionId: string, code: string): Promise<Outcome<{ token: string }>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const session = await findSessionForUpdate(tx, tenant, sessionId);
    if (!session || session.state === 'used') return refuse(400, AUTH_MSG.sessionExpired);
    if (session.state === 'dead') return refuse(400, AUTH_MSG.tooManyWrong);
    if (now >= session.otp_expires_at.getTime()) return refuse(400, AUTH_MSG.otpExpired);
    const where = and(eq(otpSessions.tenant_id, tenant), eq(otpSessions.id, sessionId));

    if (!codeMatches(code, session.otp_salt, session.otp_hash)) {
      const attempts = session.wrong_attempts + 1;
      const dead = attempts >= OTP_MAX_WRONG_ATTEMPTS;
      await tx.update(otpSessions).set({ wrong_attempts: attempts, state: dead ? 'dead' : 'active' }).where(where);
      return refuse(400, dead ? AUTH_MSG.tooManyWrong : MSG.invalidOtpTryAgain);
    }
    await tx.update(otpSessions).set({ state: 'used' }).where(where);
    return accept({ token: await issueToken(tx, tenant, session.user_id, new Date(now)) });
  });
}
