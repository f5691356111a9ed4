import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  maskAadhaar,
  nameMatcherBody,
  requestAadhaarOtpBody,
  submitAadhaarOtpBody,
  verifyPanBody,
  verifyVoterIdBody,
  type Tenant,
} from '../../../domain';
import { parseInput } from '../../http/envelope';
import { ProviderUnavailableError } from '../../providers/unconfigured.provider';
import type { VerificationProviders } from '../../providers/verification-providers';
import { loadApplicationFor } from '../applications/application-access';
import { editRefusal } from '../applications/application-edit-rules';
import { takeHit } from '../rate-limit/rate-limit.service';
import { getOrCreateSecret } from '../files/server-secret.service';
import { AADHAAR_KEY_SECRET, aadhaarKey, encryptAadhaar } from './aadhaar-crypto';
import { matchAllNames } from './name-match.service';
import { refused, verified } from './verification.envelope';
import { recordVerification, verificationOf, type VerificationKind } from './verification.service';

export const VERIFICATION_MSG = {
  applicationNotFound: 'Application not found',
  phoneNotVerified: "Verify the borrower's mobile number before Aadhaar.",
  aadhaarOtpSent: 'OTP sent to the mobile number linked with Aadhaar',
  aadhaarRefUnknown: 'Aadhaar OTP session has expired. Please request a new OTP.',
  aadhaarVerified: 'Aadhaar verification successful',
  aadhaarAlreadyVerified: 'Aadhaar is already verified for this application.',
  aadhaarTooManySends: (minutes: number) => `Too many Aadhaar OTP requests for this application. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  panVerified: 'PAN verified successfully',
  panInvalid: 'PAN verification failed,INVALID PAN!',
  voterVerified: 'Voter-Id verified successfully',
  voterNotFound: 'Invalid Voter-Id. Name not found',
  namesMatch: 'Names match',
  nameMismatch: 'Name mismatch detected. Please ensure all provided documents have matching names.',
} as const;

/** The origin the app sends back with an Aadhaar OTP (spec 02 §7: default GL). */
const AADHAAR_ORIGIN = 'GL';

/**
 * The verification API (spec 02 §7): identity checks of a borrower, each recorded on its
 * application (data.verifications.<kind>) so the status machine can refuse to leave DRAFT
 * without them. Whoever may change the application may run them; a VERIFIED result is never
 * turned back by a later check (verification.service.ts).
 */
export function verificationRoutes(providers: VerificationProviders) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const key = aadhaarKey(await getOrCreateSecret(app.db, AADHAAR_KEY_SECRET));
    const now = () => app.clock.now();
    const record = (tenant: Tenant, id: string, kind: VerificationKind, result: Record<string, unknown>, key?: string) =>
      recordVerification(app.db, tenant, id, kind, result, now(), key);

    /**
     * Parses the body and loads its application for the caller: a check is a change to the
     * application, so the one access rule of a change applies (application-access.ts, and the
     * officer only while the PD1 side holds it). Answers the refusal itself when any fails.
     */
    async function load<T extends { application_id: string }>(schema: Parameters<typeof parseInput<T>>[0], request: FastifyRequest, reply: FastifyReply) {
      const parsed = parseInput(schema, request.body);
      if (!parsed.ok) return { reply: refused(reply, 400, parsed.message) };
      const user = request.user!;
      const access = await loadApplicationFor(app.db, request.tenant, user, parsed.value.application_id, 'edit');
      if (!access.ok) return { reply: refused(reply, access.status, access.message) };
      const closed = editRefusal(user, access.application.status);
      if (closed) return { reply: refused(reply, closed.status, closed.message) };
      return { value: parsed.value, application: access.application };
    }

    /** A provider outage is a 503 with its message, never a 500. */
    async function callProvider<R>(reply: FastifyReply, call: () => Promise<R>): Promise<{ value: R } | { reply: FastifyReply }> {
      try {
        return { value: await call() };
      } catch (error) {
        if (error instanceof ProviderUnavailableError) return { reply: refused(reply, 503, error.message) };
        throw error;
      }
    }

    app.post('/request_aadhaar_otp', async (request, reply) => {
      const loaded = await load(requestAadhaarOtpBody, request, reply);
      if ('reply' in loaded) return loaded.reply;
      const { value, application } = loaded;
      const phone = application.data.is_phone_verified === true ? application.data.phone : undefined;
      if (typeof phone !== 'string') return refused(reply, 400, VERIFICATION_MSG.phoneNotVerified);
      if (verificationOf(application.data, 'aadhaar')?.status === 'VERIFIED') return refused(reply, 409, VERIFICATION_MSG.aadhaarAlreadyVerified);
      const limit = { tenant: request.tenant, bucket: 'aadhaar-otp:application', key: application.id, max: app.config.aadhaarOtpMaxSendsPerApplicationHour };
      const tooMany = await takeHit(app.db, limit, now());
      if (tooMany) return refused(reply, 429, VERIFICATION_MSG.aadhaarTooManySends(tooMany.retryMinutes), tooMany.retryMinutes * 60);
      const sent = await callProvider(reply, () => providers.aadhaar.requestOtp({ tenant: request.tenant, aadhaar: value.aadhaar, mobile: phone }));
      if ('reply' in sent) return sent.reply;
      if (!sent.value.ok) return refused(reply, sent.value.status, sent.value.message);
      const refId = sent.value.value.ref_id;
      await record(request.tenant, application.id, 'aadhaar', {
        status: 'OTP_SENT',
        ref_id: refId,
        aadhaar_masked: maskAadhaar(value.aadhaar),
        aadhaar_encrypted: encryptAadhaar(key, value.aadhaar),
        requested_at: new Date(now()).toISOString(),
      });
      return verified({ status: 'SUCCESS', ref_id: refId, origin: AADHAAR_ORIGIN }, VERIFICATION_MSG.aadhaarOtpSent);
    });

    app.post('/submit_aadhaar_otp', async (request, reply) => {
      const loaded = await load(submitAadhaarOtpBody, request, reply);
      if ('reply' in loaded) return loaded.reply;
      const { value, application } = loaded;
      // The reference must be the one requested for this application, so a code cannot verify another.
      const pending = verificationOf(application.data, 'aadhaar');
      if (!pending || pending.ref_id !== value.ref_id) return refused(reply, 400, VERIFICATION_MSG.aadhaarRefUnknown);
      const submitted = await callProvider(reply, () => providers.aadhaar.submitOtp({ tenant: request.tenant, ref_id: value.ref_id, otp: value.otp }));
      if ('reply' in submitted) return submitted.reply;
      if (!submitted.value.ok) return refused(reply, submitted.value.status, submitted.value.message);
      const identity = submitted.value.value;
      const masked = pending.aadhaar_masked as string;
      await record(request.tenant, application.id, 'aadhaar', {
        status: 'VERIFIED',
        ref_id: value.ref_id,
        aadhaar_masked: masked,
        aadhaar_encrypted: pending.aadhaar_encrypted,
        ...identity,
        verified_at: new Date(now()).toISOString(),
      });
      return verified({ status: 'VERIFIED', ...identity, aadhaar_masked: masked }, VERIFICATION_MSG.aadhaarVerified);
    });

    app.post('/verify_pan_lite', async (request, reply) => {
      const loaded = await load(verifyPanBody, request, reply);
      if ('reply' in loaded) return loaded.reply;
      const { value, application } = loaded;
      const result = await callProvider(reply, () => providers.pan.verifyPan(value.pan));
      if ('reply' in result) return result.reply;
      const at = new Date(now()).toISOString();
      if (!result.value.found) {
        await record(request.tenant, application.id, 'pan', { status: 'FAILED', pan: value.pan, reason: 'INVALID PAN', checked_at: at }, value.pan);
        return refused(reply, 422, VERIFICATION_MSG.panInvalid);
      }
      const name = result.value.name;
      await record(request.tenant, application.id, 'pan', { status: 'VERIFIED', pan: value.pan, name, verified_at: at }, value.pan);
      return verified({ name_pan_card: name, pan: value.pan }, VERIFICATION_MSG.panVerified);
    });

    app.post('/perfios/kyc/verify-voter-id', async (request, reply) => {
      const loaded = await load(verifyVoterIdBody, request, reply);
      if ('reply' in loaded) return loaded.reply;
      const { value, application } = loaded;
      const result = await callProvider(reply, () => providers.voterId.verifyVoterId(value.voter_id));
      if ('reply' in result) return result.reply;
      const at = new Date(now()).toISOString();
      const base = { voter_id: value.voter_id, reference: value.reference ?? null };
      if (!result.value.found) {
        await record(request.tenant, application.id, 'voter_id', { status: 'FAILED', ...base, checked_at: at }, value.voter_id);
        return refused(reply, 422, VERIFICATION_MSG.voterNotFound);
      }
      const name = result.value.name;
      await record(request.tenant, application.id, 'voter_id', { status: 'VERIFIED', ...base, name, verified_at: at }, value.voter_id);
      return verified({ result: { name, voter_id: value.voter_id } }, VERIFICATION_MSG.voterVerified);
    });

    app.post('/name_matcher', async (request, reply) => {
      const loaded = await load(nameMatcherBody, request, reply);
      if ('reply' in loaded) return loaded.reply;
      const { value, application } = loaded;
      const summary = await matchAllNames(providers.nameMatch, value.values);
      await record(request.tenant, application.id, 'name_match', { ...summary, checked_at: new Date(now()).toISOString() });
      const message = summary.is_match ? VERIFICATION_MSG.namesMatch : VERIFICATION_MSG.nameMismatch;
      return verified(summary, message, { is_match: summary.is_match });
    });
  };
}
