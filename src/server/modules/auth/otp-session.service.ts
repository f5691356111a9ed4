import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { LIMITS, type Tenant } from '../../../domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { otpSessions } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { Clock } from '../../clock';
import { AUTH_MSG } from './auth.messages';
import { checkSendLimits, lockMobile, recordSend } from './otp-limits.service';
import { said } from '../../kernels/messages';

// The one-time-password rules of DECISIONS.md, shared by login, the borrower's mobile validation
// and the sandbox Aadhaar OTP: 6 CSPRNG digits stored only as a salted HMAC, 5 minutes of life,
// 5 wrong tries, resend after 30 s, send limits per mobile and per client address.

export type OtpDeps = { db: Db; config: Config; clock: Clock; sms: SmsProvider };
export type OtpPurpose = 'LOGIN' | 'APPLY_LOAN_MFI' | 'AADHAAR' | 'KFS_ACK' | 'ESIGN' | 'MANDATE';
export type OtpSessionRow = typeof otpSessions.$inferSelect;

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

/** The SMS text of a code; the caller words it for its purpose. */
export type OtpText = (code: string) => string | Promise<string>;

export type StartOtp = {
  tenant: Tenant;
  purpose: OtpPurpose;
  mobile: string;
  userId: number | null;
  subject?: string | null;
  /** The client's address for the per-address limit; null skips the send limits (a provider's own OTP). */
  address: string | null;
  text: OtpText;
};

/** Opens a session and sends its code: answers the session id, or a 429 past the send limits. */
/**
 * Counts a send that will not happen (an unregistered number) against the same limits, so that
 * probing which numbers are registered costs the quota that asking for codes does.
 */
export async function countRefusedSend(deps: OtpDeps, tenant: Tenant, mobile: string, address: string): Promise<Outcome<never> | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockMobile(tx, tenant, mobile);
    const limited = await checkSendLimits(tx, deps.config, tenant, mobile, address, now);
    if (limited) return limited;
    await recordSend(tx, tenant, mobile, address, now);
    return null;
  });
}

export async function startOtpSession(deps: OtpDeps, start: StartOtp): Promise<Outcome<{ session_id: string }>> {
  const { tenant, mobile, address } = start;
  const now = deps.clock.now();
  const code = newCode();
  const sessionId = randomBytes(16).toString('hex');
  const outcome = await deps.db.transaction(async (tx) => {
    if (address !== null) {
      await lockMobile(tx, tenant, mobile);
      const limited = await checkSendLimits(tx, deps.config, tenant, mobile, address, now);
      if (limited) return limited;
      await recordSend(tx, tenant, mobile, address, now);
    }
    await tx.insert(otpSessions).values({
      tenant_id: tenant,
      id: sessionId,
      purpose: start.purpose,
      mobile,
      user_id: start.userId,
      subject: start.subject ?? null,
      ...hashCode(code),
      otp_expires_at: new Date(now + OTP_TTL_MS),
      last_sent_at: new Date(now),
      created_at: new Date(now),
    });
    return accept({ session_id: sessionId });
  });
  // Sent after the commit: PGlite has one connection, and the provider writes through it.
  if (outcome.ok) await deps.sms.send(tenant, mobile, await start.text(code), code);
  return outcome;
}

const sessionWhere = (tenant: Tenant, sessionId: string) => and(eq(otpSessions.tenant_id, tenant), eq(otpSessions.id, sessionId));

/** The session of this purpose (and, when given, of this user), locked for the transaction. */
async function findSessionForUpdate(tx: Tx, tenant: Tenant, sessionId: string, purpose: OtpPurpose, userId?: number) {
  const [row] = await tx.select().from(otpSessions).where(sessionWhere(tenant, sessionId)).for('update');
  if (!row || row.purpose !== purpose) return undefined;
  if (userId !== undefined && row.user_id !== userId) return undefined;
  return row;
}

export type SessionRef = { tenant: Tenant; sessionId: string; purpose: OtpPurpose; userId?: number };

/** A new code for a live session: the old one stops working; wrong attempts carry over. */
export async function resendOtpSession(deps: OtpDeps, ref: SessionRef, address: string, text: OtpText): Promise<Outcome<null>> {
  const { tenant, sessionId } = ref;
  const now = deps.clock.now();
  const code = newCode();
  const outcome = await deps.db.transaction(async (tx) => {
    const session = await findSessionForUpdate(tx, tenant, sessionId, ref.purpose, ref.userId);
    if (!session || session.state !== 'active') return refuse(400, AUTH_MSG.sessionExpired);
    const waitMs = session.last_sent_at.getTime() + OTP_RESEND_MS - now;
    if (waitMs > 0) return refuse(429, AUTH_MSG.waitBeforeResend(Math.ceil(waitMs / 1000)), Math.ceil(waitMs / 1000));
    await lockMobile(tx, tenant, session.mobile);
    const limited = await checkSendLimits(tx, deps.config, tenant, session.mobile, address, now);
    if (limited) return limited;
    await recordSend(tx, tenant, session.mobile, address, now);
    await tx
      .update(otpSessions)
      .set({ ...hashCode(code), otp_expires_at: new Date(now + OTP_TTL_MS), last_sent_at: new Date(now) })
      .where(sessionWhere(tenant, sessionId));
    return accept(session.mobile);
  });
  if (!outcome.ok) return outcome;
  await deps.sms.send(tenant, outcome.value, await text(code), code);
  return accept(null);
}

/**
 * Checks the code once inside the caller's transaction; the right one uses the session up and
 * answers it (the caller then does what the code unlocks in the same transaction).
 */
export async function consumeOtpSession(tx: Tx, ref: SessionRef, code: string, now: number): Promise<Outcome<OtpSessionRow>> {
  const session = await findSessionForUpdate(tx, ref.tenant, ref.sessionId, ref.purpose, ref.userId);
  if (!session || session.state === 'used') return refuse(400, AUTH_MSG.sessionExpired);
  if (session.state === 'dead') return refuse(400, AUTH_MSG.tooManyWrong);
  if (now >= session.otp_expires_at.getTime()) return refuse(400, AUTH_MSG.otpExpired);
  const where = sessionWhere(ref.tenant, ref.sessionId);
  if (!codeMatches(code, session.otp_salt, session.otp_hash)) {
    const attempts = session.wrong_attempts + 1;
    const dead = attempts >= OTP_MAX_WRONG_ATTEMPTS;
    await tx
      .update(otpSessions)
      .set({ wrong_attempts: attempts, state: dead ? 'dead' : 'active' })
      .where(where);
    return refuse(400, dead ? AUTH_MSG.tooManyWrong : said('msg.invalidOtpTryAgain'));
  }
  await tx.update(otpSessions).set({ state: 'used' }).where(where);
  return accept(session);
}
