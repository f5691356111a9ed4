import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MANDATE_MSG, PATTERNS } from '../../domain';
import { bankOfIfsc } from '../data/banks';
import { otpSessions } from '../db/schema';
import { AUTH_MSG } from '../modules/auth/auth.messages';
import { consumeOtpSession, startOtpSession, type OtpDeps } from '../modules/auth/otp-session.service';
import { accept, refuse } from '../outcome';
import { english, isSaying } from '../kernels/messages';
import type { EnachProvider } from '../providers/enach/enach-provider';

/**
 * The sandbox e-NACH bank (docs/mandate.md): it really decides and really texts.
 * - An account number ending 13, or an IFSC of no bank in the bank list, is rejected at registration.
 * - Otherwise the borrower's authorisation (standing in for net banking or a debit card) is a code
 *   texted to the verified mobile through the OTP sessions of login (purpose MANDATE: hashed code,
 *   5 minutes, 5 wrong tries); the right code registers the mandate, 5 wrong ones reject it, an
 *   expired one ends it.
 * - The UMRN is the IFSC's 4-letter bank code and 16 digits of SHA-256 of the attempt's reference,
 *   so the same reference always answers the same UMRN.
 */
export const sandboxUmrn = (ifsc: string, reference: string) => {
  const digits = BigInt(`0x${createHash('sha256').update(`umrn:${reference}`).digest('hex')}`) % 10n ** 16n;
  return `${ifsc.slice(0, 4).toUpperCase()}${digits.toString().padStart(16, '0')}`;
};

export function createSandboxEnachProvider(deps: OtpDeps): EnachProvider {
  const sessionOf = async (tenant: string, sessionId: string) => {
    const [row] = await deps.db
      .select()
      .from(otpSessions)
      .where(and(eq(otpSessions.tenant_id, tenant), eq(otpSessions.id, sessionId)));
    return row?.purpose === 'MANDATE' ? row : undefined;
  };
  return {
    async register(request) {
      if (request.account_number.endsWith('13')) return accept({ outcome: 'rejected', reason: MANDATE_MSG.bankRejected.en });
      if (!PATTERNS.ifsc.test(request.ifsc) || !bankOfIfsc(request.ifsc))
        return accept({ outcome: 'rejected', reason: MANDATE_MSG.unknownBank.en });
      const rupees = (request.max_amount_paise / 100).toFixed(2);
      const text = (code: string) =>
        `${code} is your code (sandbox bank) to authorise a monthly debit of up to Rs ${rupees} from account ending ${request.account_number.slice(-4)}, ${request.first_debit} to ${request.last_debit}. Valid for 5 minutes. Do not share it.`;
      // The bank's own code: the officer's send limits do not apply (address null); the service spaces attempts 30 s apart.
      const started = await startOtpSession(deps, {
        tenant: request.tenant,
        purpose: 'MANDATE',
        mobile: request.mobile,
        userId: null,
        subject: request.reference,
        address: null,
        text,
      });
      return started.ok ? accept({ outcome: 'authorising', session_id: started.value.session_id }) : started;
    },

    async authorise({ tenant, reference, session_id, otp, ifsc }) {
      const session = await sessionOf(tenant, session_id);
      if (session && session.subject !== reference) return refuse(400, AUTH_MSG.sessionExpired);
      const used = await deps.db.transaction((tx) =>
        consumeOtpSession(tx, { tenant, sessionId: session_id, purpose: 'MANDATE' }, otp, deps.clock.now()),
      );
      if (used.ok) return accept({ outcome: 'registered', umrn: sandboxUmrn(ifsc, reference) });
      if (isSaying(used, AUTH_MSG.otpExpired)) return accept({ outcome: 'expired', reason: MANDATE_MSG.codeExpired.en });
      if (isSaying(used, AUTH_MSG.tooManyWrong)) return accept({ outcome: 'rejected', reason: MANDATE_MSG.tooManyWrong.en });
      return used;
    },

    async status({ tenant, reference, session_id, ifsc }) {
      const session = await sessionOf(tenant, session_id);
      if (!session || session.subject !== reference) return { state: 'ended', reason: english(AUTH_MSG.sessionExpired) };
      if (session.state === 'used') return { state: 'registered', umrn: sandboxUmrn(ifsc, reference) };
      if (session.state === 'dead') return { state: 'ended', reason: MANDATE_MSG.tooManyWrong.en };
      if (deps.clock.now() >= session.otp_expires_at.getTime()) return { state: 'ended', reason: MANDATE_MSG.codeExpired.en };
      return { state: 'pending' };
    },
  };
}
