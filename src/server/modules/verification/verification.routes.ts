import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  maskAadhaar,
  nameMatcherBody,
  requestAadhaarOtpBody,
  submitAadhaarOtpBody,
  verifyPanBody,
  verifyVoterIdBody,
  type Tenant,
} from '../../../domain';
import { requireDesignation, requireUser } from '../../http/auth-guards';
import { parseInput } from '../../http/envelope';
import { ProviderUnavailableError } from '../../providers/unconfigured.provider';
import type { VerificationProviders } from '../../providers/verification-providers';
import { findApplication } from '../applications/applications.service';
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
 * without them. Any valid role may run them on an application of its tenant.
 */
export function verificationRoutes(providers: VerificationProviders) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const key = aadhaarKey(await getOrCreateSecret(app.db, AADHAAR_KEY_SECRET));
    const guard = { preHandler: [requireUser, requireDesignation()] };
    const now = () => app.clock.now();
    const record = (tenant: Tenant, id: string, kind: VerificationKind, result: Record<string, unknown>, key?: string) =>
      recordVerification(app.db, tenant, id, kind, result, now(), key);

    /** Parses the body and loads its application; answers the refusal itself when either fails. */
    async function load<T extends { application_id: string }>(schema: Parameters<typeof parseInput<T>>[0], body: unknown, tenant: Tenant, reply: FastifyReply) {
      const parsed = parseInput(schema, body);
      if (!parsed.ok) return { reply: refused(reply, 400, parsed.message) };
      const application = await findApplication(app.db, tenant, parsed.value.application_id);
      if (!application) return { reply: refused(reply, 404, VERIFICATION_MSG.applicationNotFound) };
      return { value: parsed.value, application };
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

    app.post('/request_aadhaar_otp', guard, async (request, reply) => {
      const loaded = await load(requestAadhaarOtpBody, request.body, request.tenant, reply);
      if ('reply' in loaded) return loaded.reply;
      const { value, application } = loaded;
      const phone = application.data.is_phone_verified === true ? application.data.phone : undefined;
      if (typeof phone !== 'string') return refused(reply, 400, VERIFICATION_MSG.phoneNotVerified);
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

    app.post('/submit_aadhaar_otp', guard, async (request, reply) => {
      const loaded = await load(submitAadhaarOtpBody, request.body, request.tenant, reply);
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

    app.post('/verify_pan_lite', guard, async (request, reply) => {
      const loaded = await load(verifyPanBody, request.body, request.tenant, reply);
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

    app.post('/perfios/kyc/verify-voter-id', guard, async (request, reply) => {
      const loaded = await load(verifyVoterIdBody, request.body, request.tenant, reply);
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

    app.post('/name_matcher', guard, async (request, reply) => {
      const loaded = await load(nameMatcherBody, request.body, request.tenant, reply);
      if ('reply' in loaded) return loaded.reply;
      const { value, application } = loaded;
      const summary = await matchAllNames(providers.nameMatch, value.values);
      await record(request.tenant, application.id, 'name_match', { ...summary, checked_at: new Date(now()).toISOString() });
      const message = summary.is_match ? VERIFICATION_MSG.namesMatch : VERIFICATION_MSG.nameMismatch;
      return verified(summary, message, { is_match: summary.is_match });
    });
  };
}
