import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { maskAadhaar, VERIFICATION_ROUTES, type Route, type Tenant } from '../../../domain';
import type { ApplicationRow } from '../../db/schema';
import { accept, type Outcome } from '../../outcome';
import type { AuthUser } from '../../types';
import { loadApplicationFor, requireApplicationRole } from '../../kernels/access';
import { DEFAULT_QUOTAS, spendQuota } from '../rate-limit/paid-call-quotas';
import { encryptAadhaar } from '../../keys/aadhaar-crypto';
import { matchAllNames } from './name-match.service';
import { refused, refusedWith, verified, verifiedResponses } from './verification.envelope';
import { tableRoute } from '../../http/table-route';
import { recordVerification, verificationOf, type VerificationKind } from './verification.service';
import { said } from '../../kernels/messages';

export const VERIFICATION_MSG = {
  applicationNotFound: said('verification.applicationNotFound'),
  phoneNotVerified: said('verification.phoneNotVerified'),
  aadhaarOtpSent: said('verification.aadhaarOtpSent'),
  aadhaarRefUnknown: said('verification.aadhaarRefUnknown'),
  aadhaarVerified: said('verification.aadhaarVerified'),
  aadhaarAlreadyVerified: said('verification.aadhaarAlreadyVerified'),
  panVerified: said('verification.panVerified'),
  panInvalid: said('verification.panInvalid'),
  voterVerified: said('verification.voterVerified'),
  voterNotFound: said('verification.voterNotFound'),
  namesMatch: said('verification.namesMatch'),
  nameMismatch: said('verification.nameMismatch'),
} as const;

/** The origin the app sends back with an Aadhaar OTP (spec 02 §7: default GL). */
const AADHAAR_ORIGIN = 'GL';

/**
 * The verification API (spec 02 §7): identity checks of a borrower, each recorded on its
 * application (data.verifications.<kind>) so the status machine can refuse to leave DRAFT
 * without them. Whoever may change the application may run them; a VERIFIED result is never
 * turned back by a later check (verification.service.ts).
 *
 * The application is named in the body, so the order is: the role on request (an AGENT is
 * refused before its body is read), the body's schema, then whose application it is. Every
 * refusal, those raised outside the handlers included (a schema's 400, a provider outage's 503),
 * answers this API's envelope (`config.refuse`).
 */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now();
  const record = (tenant: Tenant, id: string, kind: VerificationKind, result: Record<string, unknown>, key?: string) =>
    recordVerification(app.db, tenant, id, kind, result, key);
  // The public applicant flow's guest token runs these checks on its own application (access-policy.ts, GUEST).
  const checked = { config: { refuse: refused, guest: true as const }, onRequest: [requireApplicationRole] };
  /** An entry of the table in this API's envelope (`verified`), with the fields it adds beside `data`. */
  const checkedRoute = <R extends Route & { answer: z.core.$ZodType }>(route: R, extra: Record<string, z.core.$ZodType> = {}) => ({
    ...tableRoute(app, route, { response: verifiedResponses(route.answer, extra) }),
    ...checked,
  });
  const payer = (request: FastifyRequest, application: ApplicationRow) => ({
    tenant: request.tenant,
    user: request.user!,
    applicationId: application.id,
  });

  /** A check is recorded on the application: the access policy's `verify` (application-access.ts). */
  async function applicationFor(tenant: Tenant, user: AuthUser, applicationId: string): Promise<Outcome<ApplicationRow>> {
    const access = await loadApplicationFor(app.db, tenant, user, applicationId, 'verify');
    return access.ok ? accept(access.application) : access;
  }

  app.route({
    ...checkedRoute(VERIFICATION_ROUTES.requestAadhaarOtp),
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const loaded = await applicationFor(tenant, request.user!, body.application_id);
      if (!loaded.ok) return refusedWith(reply, loaded);
      const application = loaded.value;
      const phone = application.data.is_phone_verified === true ? application.data.phone : undefined;
      if (typeof phone !== 'string') return refused(reply, 400, VERIFICATION_MSG.phoneNotVerified);
      if (verificationOf(application.data, 'aadhaar')?.status === 'VERIFIED')
        return refused(reply, 409, VERIFICATION_MSG.aadhaarAlreadyVerified);
      // AADHAAR_OTP_MAX_SENDS_PER_APPLICATION_HOUR is the default a tenant's own quota overrides;
      // a guest has one application, so its own hour follows it.
      const sends = app.config.aadhaarOtpMaxSendsPerApplicationHour;
      const perApplication = { ...DEFAULT_QUOTAS.aadhaar_otp, per_application_hour: sends, per_guest_hour: sends };
      await spendQuota(app.db, payer(request, application), 'aadhaar_otp', now(), perApplication);
      const sent = await app.providers.aadhaar.requestOtp({ tenant, aadhaar: body.aadhaar, mobile: phone });
      if (!sent.ok) return refusedWith(reply, sent);
      const refId = sent.value.ref_id;
      await record(tenant, application.id, 'aadhaar', {
        status: 'OTP_SENT',
        ref_id: refId,
        aadhaar_masked: maskAadhaar(body.aadhaar),
        aadhaar_encrypted: encryptAadhaar(app.secrets.aadhaarKey, body.aadhaar),
        requested_at: new Date(now()).toISOString(),
      });
      return verified({ status: 'SUCCESS', ref_id: refId, origin: AADHAAR_ORIGIN }, VERIFICATION_MSG.aadhaarOtpSent);
    },
  });

  app.route({
    ...checkedRoute(VERIFICATION_ROUTES.submitAadhaarOtp),
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const loaded = await applicationFor(tenant, request.user!, body.application_id);
      if (!loaded.ok) return refusedWith(reply, loaded);
      const application = loaded.value;
      // The reference must be the one requested for this application, so a code cannot verify another.
      const pending = verificationOf(application.data, 'aadhaar');
      if (!pending || pending.ref_id !== body.ref_id) return refused(reply, 400, VERIFICATION_MSG.aadhaarRefUnknown);
      const submitted = await app.providers.aadhaar.submitOtp({ tenant, ref_id: body.ref_id, otp: body.otp });
      if (!submitted.ok) return refusedWith(reply, submitted);
      const identity = submitted.value;
      const masked = pending.aadhaar_masked as string;
      await record(tenant, application.id, 'aadhaar', {
        status: 'VERIFIED',
        ref_id: body.ref_id,
        aadhaar_masked: masked,
        aadhaar_encrypted: pending.aadhaar_encrypted,
        ...identity,
        verified_at: new Date(now()).toISOString(),
      });
      return verified({ status: 'VERIFIED', ...identity, aadhaar_masked: masked }, VERIFICATION_MSG.aadhaarVerified);
    },
  });

  app.route({
    ...checkedRoute(VERIFICATION_ROUTES.verifyPan),
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const loaded = await applicationFor(tenant, request.user!, body.application_id);
      if (!loaded.ok) return refusedWith(reply, loaded);
      const application = loaded.value;
      await spendQuota(app.db, payer(request, application), 'pan', now());
      const result = await app.providers.pan.verifyPan(body.pan);
      const at = new Date(now()).toISOString();
      if (!result.found) {
        await record(tenant, application.id, 'pan', { status: 'FAILED', pan: body.pan, reason: 'INVALID PAN', checked_at: at }, body.pan);
        return refused(reply, 422, VERIFICATION_MSG.panInvalid);
      }
      await record(tenant, application.id, 'pan', { status: 'VERIFIED', pan: body.pan, name: result.name, verified_at: at }, body.pan);
      return verified({ name_pan_card: result.name, pan: body.pan }, VERIFICATION_MSG.panVerified);
    },
  });

  app.route({
    ...checkedRoute(VERIFICATION_ROUTES.verifyVoterId),
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const loaded = await applicationFor(tenant, request.user!, body.application_id);
      if (!loaded.ok) return refusedWith(reply, loaded);
      const application = loaded.value;
      await spendQuota(app.db, payer(request, application), 'voter_id', now());
      const result = await app.providers.voterId.verifyVoterId(body.voter_id);
      const at = new Date(now()).toISOString();
      const base = { voter_id: body.voter_id, reference: body.reference ?? null };
      if (!result.found) {
        await record(tenant, application.id, 'voter_id', { status: 'FAILED', ...base, checked_at: at }, body.voter_id);
        return refused(reply, 422, VERIFICATION_MSG.voterNotFound);
      }
      await record(tenant, application.id, 'voter_id', { status: 'VERIFIED', ...base, name: result.name, verified_at: at }, body.voter_id);
      return verified({ result: { name: result.name, voter_id: body.voter_id } }, VERIFICATION_MSG.voterVerified);
    },
  });

  app.route({
    ...checkedRoute(VERIFICATION_ROUTES.nameMatcher, { is_match: z.boolean() }),
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const loaded = await applicationFor(tenant, request.user!, body.application_id);
      if (!loaded.ok) return refusedWith(reply, loaded);
      const summary = await matchAllNames(app.providers.nameMatch, body.values);
      await record(tenant, loaded.value.id, 'name_match', { ...summary, checked_at: new Date(now()).toISOString() });
      const message = summary.is_match ? VERIFICATION_MSG.namesMatch : VERIFICATION_MSG.nameMismatch;
      return verified(summary, message, { is_match: summary.is_match });
    },
  });
};
