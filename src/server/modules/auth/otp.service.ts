import { and, eq } from 'drizzle-orm';
import { smsText, type Language, type Tenant } from '../../../domain';
import { users } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import { findTenant } from '../tenant/tenant.service';
import { AUTH_MSG } from './auth.messages';
import { consumeOtpSession, countRefusedSend, resendOtpSession, startOtpSession, type OtpDeps } from './otp-session.service';
import type { SessionCache } from '../../types';
import { forgetRevoked, issueToken } from './session.service';

export { OTP_MAX_WRONG_ATTEMPTS, OTP_RESEND_MS, OTP_TTL_MS, type OtpDeps } from './otp-session.service';

export const tenantName = async (deps: Pick<OtpDeps, 'db'>, tenant: Tenant) => (await findTenant(deps.db, tenant))?.display_name ?? tenant;

/** The login code's SMS, in the language the app asked in (the officer's own). */
const loginText = (deps: OtpDeps, tenant: Tenant, language: Language) => async (code: string) =>
  smsText(language, 'loginOtp', { code, lender: await tenantName(deps, tenant) });

/** Login OTP: only to a registered mobile of this tenant. */
export async function sendOtp(
  deps: OtpDeps,
  tenant: Tenant,
  mobile: string,
  address: string,
  language: Language = 'en',
): Promise<Outcome<{ session_id: string }>> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)))
    .limit(1);
  if (!user) return (await countRefusedSend(deps, tenant, mobile, address)) ?? refuse(400, AUTH_MSG.notRegistered);
  return startOtpSession(deps, { tenant, purpose: 'LOGIN', mobile, userId: user.id, address, text: loginText(deps, tenant, language) });
}

/** A new code for a live login session: the old one stops working; wrong attempts carry over. */
export function resendOtp(
  deps: OtpDeps,
  tenant: Tenant,
  sessionId: string,
  address: string,
  language: Language = 'en',
): Promise<Outcome<null>> {
  return resendOtpSession(deps, { tenant, sessionId, purpose: 'LOGIN' }, address, loginText(deps, tenant, language));
}

export type LoginDeps = OtpDeps & { sessions: SessionCache };

/**
 * Checks the code once; the right one uses the session up and issues a session token. A login
 * from a known device (`device`, session.service.ts deviceOf) ends that device's older sessions.
 */
export async function verifyOtp(
  deps: LoginDeps,
  tenant: Tenant,
  sessionId: string,
  code: string,
  device: string | null = null,
  deviceLabel: string | null = null,
): Promise<Outcome<{ token: string; send_token: string }>> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const session = await consumeOtpSession(tx, { tenant, sessionId, purpose: 'LOGIN' }, code, now);
    if (!session.ok) return session;
    if (session.value.user_id === null) return refuse(400, AUTH_MSG.sessionExpired);
    return accept(await issueToken(tx, tenant, session.value.user_id, new Date(now), device, deviceLabel));
  });
  if (!outcome.ok) return outcome;
  forgetRevoked(deps.sessions, tenant, outcome.value.revoked, now);
  return accept({ token: outcome.value.token, send_token: outcome.value.sendToken });
}
