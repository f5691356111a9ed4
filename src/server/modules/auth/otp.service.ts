import { and, eq } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import { users } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import { findTenant } from '../tenant/tenant.service';
import { AUTH_MSG } from './auth.messages';
import { consumeOtpSession, countRefusedSend, resendOtpSession, startOtpSession, type OtpDeps } from './otp-session.service';
import { issueToken } from './session.service';

export { OTP_MAX_WRONG_ATTEMPTS, OTP_RESEND_MS, OTP_TTL_MS, type OtpDeps } from './otp-session.service';

export const tenantName = async (deps: Pick<OtpDeps, 'db'>, tenant: Tenant) => (await findTenant(deps.db, tenant))?.display_name ?? tenant;

const loginText = (deps: OtpDeps, tenant: Tenant) => async (code: string) =>
  `${code} is your ${await tenantName(deps, tenant)} login OTP. It is valid for 5 minutes. Do not share it with anyone.`;

/** Login OTP: only to a registered mobile of this tenant. */
export async function sendOtp(deps: OtpDeps, tenant: Tenant, mobile: string, address: string): Promise<Outcome<{ session_id: string }>> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)))
    .limit(1);
  if (!user) return (await countRefusedSend(deps, tenant, mobile, address)) ?? refuse(400, AUTH_MSG.notRegistered);
  return startOtpSession(deps, { tenant, purpose: 'LOGIN', mobile, userId: user.id, address, text: loginText(deps, tenant) });
}

/** A new code for a live login session: the old one stops working; wrong attempts carry over. */
export function resendOtp(deps: OtpDeps, tenant: Tenant, sessionId: string, address: string): Promise<Outcome<null>> {
  return resendOtpSession(deps, { tenant, sessionId, purpose: 'LOGIN' }, address, loginText(deps, tenant));
}

/** Checks the code once; the right one uses the session up and issues a session token. */
export async function verifyOtp(deps: OtpDeps, tenant: Tenant, sessionId: string, code: string): Promise<Outcome<{ token: string }>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const session = await consumeOtpSession(tx, { tenant, sessionId, purpose: 'LOGIN' }, code, now);
    if (!session.ok) return session;
    if (session.value.user_id === null) return refuse(400, AUTH_MSG.sessionExpired);
    return accept({ token: await issueToken(tx, tenant, session.value.user_id, new Date(now)) });
  });
}
