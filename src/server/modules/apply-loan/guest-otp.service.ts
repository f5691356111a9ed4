import { and, desc, eq } from 'drizzle-orm';
import { smsText, type Language, type Tenant } from '../../../domain';
import type { Tx } from '../../db/client';
import { applications } from '../../db/schema';
import { accept, type Outcome } from '../../outcome';
import { createDraftApplication } from '../applications/applications.service';
import { consumeOtpSession, resendOtpSession, startOtpSession, type OtpDeps } from '../auth/otp-session.service';
import { lockMobile } from '../auth/otp-limits.service';
import { tenantName } from '../auth/otp.service';
import { issueGuestToken, selfApplyUser } from '../auth/guest-session.service';

// The borrower's own mobile check in the public flow (spec 01 §7 "/v1/otp/send|resend|verify"):
// the login's OTP rules and limits (otp-session.service.ts), a session of the tenant's SELF_APPLY
// row (so neither an officer's validation session nor a login can be verified here), and on the
// right code the mobile's self-application of this tenant, found or opened, with a guest token.

const PURPOSE = 'APPLY_LOAN_MFI';

/** The guest's code SMS, in the language the public flow is in. */
const guestText = (deps: OtpDeps, tenant: Tenant, language: Language) => async (code: string) =>
  smsText(language, 'guestOtp', { code, lender: await tenantName(deps, tenant) });

export async function sendGuestOtp(deps: OtpDeps, tenant: Tenant, mobile: string, address: string, language: Language = 'en') {
  const self = await selfApplyUser(deps.db, tenant);
  return startOtpSession(deps, { tenant, purpose: PURPOSE, mobile, userId: self.id, address, text: guestText(deps, tenant, language) });
}

export async function resendGuestOtp(deps: OtpDeps, tenant: Tenant, sessionId: string, address: string, language: Language = 'en') {
  const self = await selfApplyUser(deps.db, tenant);
  return resendOtpSession(deps, { tenant, sessionId, purpose: PURPOSE, userId: self.id }, address, guestText(deps, tenant, language));
}

/** The mobile's self-application not yet taken over (the newest), or a new DRAFT with source SELF in the borrower's language (the public flow's). */
async function selfApplicationOf(tx: Tx, tenant: Tenant, selfId: number, mobile: string, now: number, language: Language) {
  const [found] = await tx
    .select({ id: applications.id, tracker_id: applications.tracker_id })
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.created_by, selfId), eq(applications.phone, mobile)))
    .orderBy(desc(applications.created_at))
    .limit(1);
  if (found) return found;
  const at = new Date(now).toISOString();
  const data = { phone: mobile, is_phone_verified: true, phone_verified_at: at, source: 'SELF' };
  const id = await createDraftApplication(tx, tenant, selfId, now, data, undefined, language);
  const [made] = await tx
    .select({ id: applications.id, tracker_id: applications.tracker_id })
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
  return made!;
}

export type GuestVerified = { token: string; application_id: string; tracker_id: string | null };

/** The right code: the session used up, the application found or opened, a guest token issued; one transaction. */
export async function verifyGuestOtp(
  deps: OtpDeps,
  tenant: Tenant,
  sessionId: string,
  code: string,
  language: Language = 'en',
): Promise<Outcome<GuestVerified>> {
  const now = deps.clock.now();
  const self = await selfApplyUser(deps.db, tenant);
  return deps.db.transaction(async (tx) => {
    const session = await consumeOtpSession(tx, { tenant, sessionId, purpose: PURPOSE, userId: self.id }, code, now);
    if (!session.ok) return session;
    // Two phones verifying one mobile at once still find one application.
    await lockMobile(tx, tenant, session.value.mobile);
    const application = await selfApplicationOf(tx, tenant, self.id, session.value.mobile, now, language);
    const token = await issueGuestToken(tx, tenant, application.id, session.value.mobile, now);
    return accept({ token, application_id: application.id, tracker_id: application.tracker_id });
  });
}
