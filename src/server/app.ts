import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_TENANT, tenantFromHostname, type Tenant } from '../domain';
import { DEFAULT_CONFIG, fastifyTrustProxy, isProduction, webhookPrivateAllowed, type Config } from './config';
import { openDatabase, type Db } from './db/client';
import { createDocumentPool, type DocumentPool } from './documents/document-pool';
import { registerApiDocs } from './http/api-docs';
import { registerMetrics } from './http/metrics';
import { registerRequestId, requestIdOf } from './http/request-id';
import { handleError, handleNotFound } from './http/error-handler';
import { loggerOptions, RequestLogController } from './http/request-log';
import { registerAnswerLanguage } from './kernels/messages';
import { registerInputHygiene } from './http/input-hygiene';
import { registerSealedRequests } from './http/sealed-requests';
import { registerRouteAccess } from './http/route-access';
import { validatorCompiler } from './http/route-schemas';
import { securityHeadersFor } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { guestOtpRoutes, selfApplicationRoutes } from './modules/apply-loan/apply-loan.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createCredentials } from './modules/auth/credentials';
import { createSessionCache } from './modules/auth/session-cache';
import { bankAccountRoutes } from './modules/bank-account/bank-account.routes';
import { bankingIdentityRoutes, bankStatementInfoRoutes, bankVerificationRoutes } from './modules/banking/banking.routes';
import { businessLookupRoutes, businessRoutes } from './modules/business/business.routes';
import { coApplicantsRoutes } from './modules/co-applicants/co-applicants.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { familyMembersRoutes } from './modules/family-members/family-members.routes';
import { fieldVerificationRoutes } from './modules/cpv/cpv.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { pincodeRoutes } from './modules/pincode/pincode.routes';
import { registerIdempotency } from './modules/idempotency/idempotency.plugin';
import { registerRecordVersions } from './modules/record-versions/record-versions.plugin';
import { trackRoutes } from './modules/track/track.routes';
import { joinUsReviewRoutes } from './modules/join-us/join-us-review.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { joinUsRoutes } from './modules/join-us/join-us.routes';
import { checkTenantPricing } from './modules/tenant/tenant-pricing.check';
import { manifestRoutes, tenantRoutes } from './modules/tenant/tenant.routes';
import { devicesRoutes } from './modules/user/devices.routes';
import { registerLostDeviceDelivery } from './http/lost-device';
import { userRoutes } from './modules/user/user.routes';
import { validationRoutes } from './modules/validation/validation.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { loanOfferRoutes } from './modules/loan-offer/loan-offer.routes';
import { createWebhookDelivery } from './modules/webhooks/webhook-delivery';
import { readWebhookEndpoints, type WebhookEndpoints } from './modules/webhooks/webhook-endpoints';
import { registerDeliverAfterWrites } from './modules/webhooks/webhooks.job';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { disbursementRoutes } from './modules/disbursement/disbursement.routes';
import type { PayoutProvider } from './providers/payout/payout-provider';
import { createSandboxPayoutProvider } from './providers/payout/sandbox-payout.provider';
import { agreementRoutes } from './modules/agreement/agreement.routes';
import type { EsignProvider } from './providers/esign/esign-provider';
import { sandboxCaSource } from './providers/esign/sandbox-ca';
import { createSandboxEsignProvider } from './providers/esign/sandbox-esign.provider';
import { mandateRoutes } from './modules/mandate/mandate.routes';
import { createSmsOutboxProvider } from './providers/sms/sms-outbox.provider';
import { unconfiguredPayouts, unconfiguredSms } from './providers/unconfigured.provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import { openStorage } from './providers/storage/open-storage';
import type { FileStorage } from './providers/storage/file-storage';
import { chooseVerificationProviders } from './provider-choice/choose-providers';
import type { VerificationProviders } from './providers/verification-providers';
import { systemClock, type Clock } from './clock';
import { registerDrainingAnswers } from './lifecycle';
import { createLocalEvents, createPostgresEvents, type NodeEvents } from './cluster/node-events';
import { moveSecretsOutOfDatabase } from './keys/move-secrets-out';
import { createKmsProvider, loadServerKeys, type ServerSecrets } from './keys/server-keys';
import type { AuthUser } from './types';

export type BuildAppOptions = {
  /** An open, migrated database; without it the app opens (and on close, closes) the configured one. */
  db?: Db;
  /** Merged over DEFAULT_CONFIG (main.ts passes the whole config read from the environment). */
  config?: Partial<Config>;
  clock?: Clock;
  smsProvider?: SmsProvider;
  /** The bank's payout API; default: the sandbox (outside production, with the configured fault) or unavailable (production). */
  payoutProvider?: PayoutProvider;
  /** PAN, voter ID, Aadhaar OTP, name match, bureau, bank account, statement reading; each one not given is the sandbox (outside production) or unavailable (production). */
  providers?: Partial<VerificationProviders>;
  /** The e-sign service; default the sandbox, its CA beside the key file (docs/agreement-and-esign.md). */
  esign?: EsignProvider;
  /** Where uploads go; default `<dataDir>/uploads` on local disk. */
  storage?: FileStorage;
  /** The keys, already loaded (main.ts); without them the configured key source is read. */
  secrets?: ServerSecrets;
  /** A document pool to share (tests: one per file, so workers load pdf.js once); without it the app makes one from its config and closes it on close. */
  documents?: DocumentPool;
  /** How this process hears other API nodes; default: LISTEN/NOTIFY on the configured PostgreSQL, else this process alone. */
  events?: NodeEvents;
  /** The tenants' webhook endpoints; without them they are read from the key source (webhook-endpoints.ts). */
  webhookEndpoints?: WebhookEndpoints;
  /** The webhook backoff's jitter, in [0, 1); default Math.random. */
  webhookRandom?: () => number;
  /** false: silent; an object: extra pino options (a `stream` in tests). Default: on. */
  logger?: boolean | Record<string, unknown>;
  /** How long the e-NACH bank may take to answer (tests: short); default ENACH_TIMEOUT_MS. */
  enachTimeoutMs?: number;
};

/** Builds the API and the static PWA host; never listens (main.ts does, tests inject). */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...DEFAULT_CONFIG, ...options.config };
  const clock = options.clock ?? systemClock;
  const kms = createKmsProvider(config);
  const database = options.db ? undefined : await openDatabase(config, { beforeMigrate: (db) => moveSecretsOutOfDatabase(db, kms) });
  const db = options.db ?? database!.db;

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, typeof options.logger === 'object' ? options.logger : {}),
    logController: new RequestLogController(),
    // X-Request-Id: a proxy's, when well-formed, or a new UUID; on every log line, answer and span.
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Errors raised before routing (a malformed URL) skip the error handler; same envelope here.
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  });
  if (database) app.addHook('onClose', () => database.close());

  // Development: the outbox (listed by /api/dev/sms, printed to the console). Production needs a
  // real gateway; without one an OTP send answers 503 and no code is stored in clear.
  const sms =
    options.smsProvider ??
    (isProduction(config) ? unconfiguredSms : createSmsOutboxProvider({ db, clock, log: (line) => app.log.info(line) }));
  if (!options.smsProvider && isProduction(config)) app.log.warn('no SMS provider configured: OTP sends answer 503');
  app.decorate('db', db);
  registerDrainingAnswers(app);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('sms', sms);
  // Statements, the CAM workbook and image headers are read in worker threads with budgets.
  const documents = options.documents ?? createDocumentPool(config);
  if (!options.documents) app.addHook('onClose', () => documents.close());
  app.decorate('documents', documents);
  const providers = chooseVerificationProviders(options.providers ?? {}, { db, config, clock, sms }, documents, isProduction(config));
  app.decorate('providers', providers);
  app.decorate(
    'payouts',
    options.payoutProvider ??
      (isProduction(config)
        ? unconfiguredPayouts
        : createSandboxPayoutProvider({ db, clock, fault: config.payoutSandboxFault, lateMs: config.payoutSandboxLateMs })),
  );
  const events =
    options.events ?? (config.databaseUrl ? createPostgresEvents(config.databaseUrl, (line) => app.log.warn(line)) : createLocalEvents());
  if (!options.events) app.addHook('onClose', () => events.close());
  app.decorate('sessions', createSessionCache({ ttlMs: config.tokenCacheSeconds * 1000, events, now: clock.now }));
  app.decorate('credentials', createCredentials(db, config, app.sessions));
  const storage = options.storage ?? openStorage(config);
  if (!options.storage) app.addHook('onClose', async () => storage.close?.());
  app.decorate('storage', storage);
  // A real eSign service provider comes through options.esign; the sandbox's CA is made on first use.
  app.decorate(
    'esign',
    options.esign ??
      (isProduction(config)
        ? { signDigest: () => Promise.reject(new Error('no e-sign provider configured')) }
        : createSandboxEsignProvider(sandboxCaSource(config.keyFile, clock.now))),
  );
  // The file-link and Aadhaar keys, from the key source (never the database), read once.
  app.decorate('secrets', options.secrets ?? (await loadServerKeys(db, kms)));
  // Loan events to the tenants' loan-management systems (modules/webhooks): tried soon after each
  // write that may have recorded one, and by the delivery job (webhooks.job.ts).
  const webhooks = createWebhookDelivery({
    db,
    clock,
    endpoints: options.webhookEndpoints ?? readWebhookEndpoints(config),
    timeoutMs: config.webhookTimeoutMs,
    allowPrivateAddresses: webhookPrivateAllowed(config),
    random: options.webhookRandom,
    log: (fields, message) => app.log.info(fields, message),
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', () => webhooks.idle());
  registerDeliverAfterWrites(app);
  // A tenant's pricing is checked once, when the configuration loads: a wrong one stops the start.
  await checkTenantPricing(db).catch(async (err: unknown) => {
    await app.close(); // closes the database this call opened
    throw err;
  });

  // 1. error and 404 envelopes; route schemas are zod schemas (http/route-schemas.ts)
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRequestId(app);

  // 2. tenant of every request, from the Host header's first label
  app.decorateRequest('tenant', DEFAULT_TENANT as Tenant);
  app.addHook('onRequest', (request, _reply, done) => {
    request.tenant = tenantFromHostname(request.hostname);
    done();
  });

  // 3. auth: every route signed in unless named public (http/route-access.ts); requireUser fills request.user
  app.decorateRequest('user', null as AuthUser | null);
  registerRouteAccess(app);
  await app.register(helmet, securityHeadersFor(config));
  // every answer's message in the language the request asks for (Accept-Language)
  registerAnswerLanguage(app);

  // 4. request bodies (checked by the input layer before any route or hash sees them) and the
  // Idempotency-Key check of every POST, PUT and PATCH route
  await registerInputHygiene(app, { uploadMaxBytes: config.uploadMaxBytes });
  // a sealed outbox request is opened after the body is read and before its key is checked
  registerSealedRequests(app);
  // a lost device's last sealed requests: nothing else, and answered with ids and statuses only
  registerLostDeviceDelivery(app);
  // before the idempotency store's onSend: a replay answers a write's version and conflicts as first answered
  registerRecordVersions(app);
  registerIdempotency(app);

  // 5. the OpenAPI document of the routes below, and its page
  await registerApiDocs(app);

  // 6. modules (and the Prometheus metrics of every answer, http/metrics.ts)
  registerMetrics(app);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(tenantRoutes, { prefix: '/api/public/tenant' });
  await app.register(manifestRoutes);
  await app.register(authRoutes, { prefix: '/api/v1/auth' });
  await app.register(userRoutes, { prefix: '/api/v1/user' });
  await app.register(devicesRoutes, { prefix: '/api/v1/users' });
  await app.register(pincodeRoutes, { prefix: '/api/v1/pincode' });
  await app.register(applicationsRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(coApplicantsRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(familyMembersRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(businessRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(bankAccountRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(fieldVerificationRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(agreementRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(mandateRoutes, { prefix: '/api/v1/app/mfi', enachTimeoutMs: options.enachTimeoutMs });
  await app.register(businessLookupRoutes, { prefix: '/api/v1' });
  await app.register(bankStatementInfoRoutes, { prefix: '/api/v1/banking' });
  await app.register(bankingIdentityRoutes, { prefix: '/banking/v1' });
  await app.register(bankVerificationRoutes, { prefix: '/verification/v1' });
  await app.register(validationRoutes, { prefix: '/api/v1/validation/mobile/otp' });
  await app.register(guestOtpRoutes, { prefix: '/api/v1/otp' });
  await app.register(selfApplicationRoutes, { prefix: '/api/v1' });
  await app.register(verificationRoutes, { prefix: '/verification/v1' });
  await app.register(loanOfferRoutes, { prefix: '/api/v1/bureau' });
  await app.register(disbursementRoutes, { prefix: '/api/v1/app/mfi' });
  await app.register(filesRoutes, { prefix: '/api/v1' });
  await app.register(joinUsRoutes, { prefix: '/api/v1/join-us' });
  await app.register(trackRoutes, { prefix: '/api/v1' });
  await app.register(joinUsReviewRoutes, { prefix: '/api/v1/join-us' });
  await app.register(webhooksRoutes, { prefix: '/api/v1/webhooks' });
  await app.register(insightsRoutes, { prefix: '/api/v1/insights' });
  if (!isProduction(config)) await app.register(devRoutes, { prefix: '/api/dev' });

  // 7. the PWA build
  await registerStaticFiles(app, config.staticDir);

  return app;
}
