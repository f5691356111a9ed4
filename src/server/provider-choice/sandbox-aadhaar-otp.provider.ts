import { isValidAadhaar } from '../../domain';
import { consumeOtpSession, startOtpSession, type OtpDeps } from '../modules/auth/otp-session.service';
import { accept, refuse } from '../outcome';
import { PERSONAS, personaByAadhaar, SANDBOX_AADHAAR_HOLDER } from '../providers/sandbox-personas';
import type { AadhaarIdentity, AadhaarOtpProvider } from '../providers/aadhaar/aadhaar-otp-provider';
import { said } from '../messages/message-language';

export const INVALID_AADHAAR = said('app.invalidAadhaar');
const GENERIC = 'SANDBOX';

/** The fixtures' addresses end with the pincode, as a printed Aadhaar address does. */
const pincodeOf = (address: string) => /\b([1-9][0-9]{5})$/.exec(address.trim())?.[1] ?? '';

/**
 * The sandbox Aadhaar OTP: the code goes to the SMS outbox (to the borrower's verified mobile)
 * through the same OTP sessions as login (hashed code, 5 minutes, 5 wrong tries). The session
 * keeps only which persona it is for, never the Aadhaar number.
 */
export function createSandboxAadhaarOtpProvider(deps: OtpDeps): AadhaarOtpProvider {
  return {
    async requestOtp({ tenant, aadhaar, mobile }) {
      if (!isValidAadhaar(aadhaar)) return refuse(400, INVALID_AADHAAR);
      const subject = personaByAadhaar(aadhaar)?.pan ?? GENERIC;
      const text = (code: string) =>
        `${code} is your Aadhaar OTP (sandbox) for Aadhaar ending ${aadhaar.slice(-4)}. It is valid for 5 minutes. Do not share it with anyone.`;
      // A provider's own code: the officer's send limits do not apply (address null).
      const started = await startOtpSession(deps, { tenant, purpose: 'AADHAAR', mobile, userId: null, subject, address: null, text });
      return started.ok ? accept({ ref_id: started.value.session_id }) : started;
    },

    async submitOtp({ tenant, ref_id, otp }) {
      return deps.db.transaction(async (tx) => {
        const session = await consumeOtpSession(tx, { tenant, sessionId: ref_id, purpose: 'AADHAAR' }, otp, deps.clock.now());
        if (!session.ok) return session;
        const persona = PERSONAS.find((p) => p.pan === session.value.subject);
        const holder = persona ?? SANDBOX_AADHAAR_HOLDER;
        const identity: AadhaarIdentity = {
          name: holder.name,
          dob: holder.dob,
          gender: holder.gender,
          address: holder.address,
          pincode: pincodeOf(holder.address),
        };
        return accept(identity);
      });
    },
  };
}
