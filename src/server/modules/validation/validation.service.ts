import type { Tenant } from '../../../domain';
import { accept, type Outcome } from '../../outcome';
import { createDraftApplication } from '../applications/applications.service';
import { consumeOtpSession, resendOtpSession, startOtpSession, type OtpDeps } from '../auth/otp-session.service';
import { tenantName } from '../auth/otp.service';

// The borrower's mobile check that opens an application (spec 02 §7 "validation/mobile/otp"):
// any valid mobile (the borrower is not a user), the login OTP rules, and a session that only the
// officer who started it can verify.

const PURPOSE = 'APPLY_LOAN_MFI';

const validationText = (deps: OtpDeps, tenant: Tenant) => async (code: string) =>
  `${code} is your OTP to start a loan application with ${await tenantName(deps, tenant)}. It is valid for 5 minutes. Do not share it with anyone.`;

export function sendValidationOtp(deps: OtpDeps, tenant: Tenant, officerId: number, mobile: string, address: string) {
  return startOtpSession(deps, { tenant, purpose: PURPOSE, mobile, userId: officerId, address, text: validationText(deps, tenant) });
}

export function resendValidationOtp(deps: OtpDeps, tenant: Tenant, officerId: number, sessionId: string, address: string) {
  return resendOtpSession(deps, { tenant, sessionId, purpose: PURPOSE, userId: officerId }, address, validationText(deps, tenant));
}

/** The right code opens a DRAFT application of the officer with the borrower's phone verified, in one transaction. */
export async function verifyValidationOtp(
  deps: OtpDeps,
  tenant: Tenant,
  officerId: number,
  sessionId: string,
  code: string,
): Promise<Outcome<{ application_id: string }>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const session = await consumeOtpSession(tx, { tenant, sessionId, purpose: PURPOSE, userId: officerId }, code, now);
    if (!session.ok) return session;
    const data = { phone: session.value.mobile, is_phone_verified: true, phone_verified_at: new Date(now).toISOString() };
    return accept({ application_id: await createDraftApplication(tx, tenant, officerId, now, data) });
  });
}
