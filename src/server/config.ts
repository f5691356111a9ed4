import { isIP } from 'node:net';

/** Where the shared bucket is (providers/storage/s3-storage.ts). */
export type S3Settings = { bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean; prefix: string };

/**
 * How the payout sandbox misbehaves (docs/disbursement.md; PAYOUT_SANDBOX_FAULT): `timeout`
 * accepts and pays, then never answers the send; `error-500` pays and answers a 500; `late` pays
 * and answers after PAYOUT_SANDBOX_LATE_MS; `fail-account` fails every payout as if the account
 * were closed. The status of a reference is always answered truly.
 */
export const PAYOUT_FAULTS = ['none', 'timeout', 'error-500', 'late', 'fail-account'] as const;
export type PayoutFault = (typeof PAYOUT_FAULTS)[number];

export type Config = {
  port: number;
  /** postgres://... selects PostgreSQL; unset (or empty) selects embedded PGlite in dataDir/pglite. */
  databaseUrl: string | undefined;
  nodeEnv: string;
  dataDir: string;
  logLevel: string;
  otpMaxSendsPerMobileHour: number;
  otpMaxSendsPerAddressHour: number;
  /** Aadhaar OTP requests per application per hour (each texts the borrower). */
  aadhaarOtpMaxSendsPerApplicationHour: number;
  /** Calls of the public join-us routes (upload, request, track together) per client address per hour. */
  joinUsMaxPerAddressHour: number;
  /** Join-us requests and tracking calls per mobile per hour. */
  joinUsMaxPerMobileHour: number;
  /** Bytes of public (join-us) uploads per client address and tenant in 24 hours. */
  publicUploadBytesPerAddressDay: number;
  /** Bytes of public (join-us) uploads per tenant in 24 hours, from every address. */
  publicUploadBytesPerTenantDay: number;
  /** Bytes a guest (the public applicant flow) may upload to its application in 24 hours. */
  guestUploadBytesPerMobileDay: number;
  /** Bytes of guest uploads per client address and tenant in 24 hours. */
  guestUploadBytesPerAddressDay: number;
  tokenIdleHours: number;
  /** A session ends this many days after its login however much it is used (at most 7). */
  tokenMaxDays: number;
  /** How long this process may serve a token from memory; 0 reads the database on every request. */
  tokenCacheSeconds: number;
  /**
   * Fastify's trustProxy: false (no proxy), the number of proxy hops in front, or the proxies'
   * addresses / CIDRs. Never `true`: that trusts every hop, so a client's own X-Forwarded-For
   * would choose the address the limits count.
   */
  trustProxy: false | number | string[];
  staticDir: string;
  uploadMaxBytes: number;
  /** Where uploads live: `<dataDir>/uploads` on this host, or an S3-compatible bucket every API node shares. */
  storage: { driver: 'disk' } | { driver: 's3'; s3: S3Settings };
  /** 'api': the API streams a file behind its signed link; 'store': it answers with a redirect to a 60 s pre-signed URL of the bucket. */
  fileLinks: 'api' | 'store';
  /** Where the keys come from (providers/kms); 'local': KEYS_JSON, else the key file. */
  kmsProvider: 'local';
  /** The key file; outside production it defaults to ./.keys/keys.json (made on first start). */
  keyFile: string | undefined;
  /** UIDAI's Secure QR certificate (PEM), checking uploaded Aadhaar fronts in production; unset there: none is read. */
  aadhaarQrCertFile: string | undefined;
  /** The key rings as JSON; wins over the key file. */
  keysJson: string | undefined;
  /** Idempotency keys a signed-out caller may hold per address and tenant (they live 24 h). */
  idempotencyMaxPublicKeysPerAddress: number;
  /** Document reading (documents/document-pool.ts): wall-clock budget of one document, its worker ended past it. */
  documentBudgetMs: number;
  /** V8 heap cap of each document worker (worker resourceLimits). */
  documentWorkerMemoryMb: number;
  /** Pages a statement may have. */
  documentMaxPages: number;
  /** Largest decoded (decompressed) stream a PDF may hold. */
  documentMaxDecodedMb: number;
  /** Worker threads reading documents (the most documents read at once). */
  documentThreads: number;
  /** Documents one tenant may have read at once; the next few wait, more are refused (429). */
  documentsPerTenant: number;
  /** Time limit of one webhook attempt, from connecting to the answer's status (docs/webhooks.md). */
  webhookTimeoutMs: number;
  /** Whether webhooks may go to loopback and private addresses; unset: not in production, yes elsewhere (a local receiver). */
  webhookAllowPrivateAddresses: boolean | undefined;
  /** How often the delivery job looks for due webhook attempts (one node of many takes each turn). */
  webhookPollMs: number;
  /** How long a payout's send may take before its outcome counts as unknown (the payout stays PENDING). */
  payoutTimeoutMs: number;
  /** The payout sandbox's fault (docs/disbursement.md): none, timeout, error-500, late, fail-account. */
  payoutSandboxFault: PayoutFault;
  /** How late the sandbox answers in its `late` fault. */
  payoutSandboxLateMs: number;
  /** A PENDING payout the bank still has no record of this long after it was sent is FAILED (it can be requested again). */
  payoutNotFoundFailMinutes: number;
  /** The bearer token of GET /metrics (METRICS_TOKEN); unset: the route answers 404 (docs/operations.md). */
  metricsToken: string | undefined;
  /** SIGTERM: how long in-flight requests may run before the process exits anyway (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** SIGTERM: how long readiness is false before the server stops listening, so the load balancer sees it (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** A document worker with nothing to read this long exits, with the readers it loaded (pdf.js, ZXing, Tesseract). */
  documentWorkerIdleSeconds: number;
  /** PGlite's shared_buffers in MB (PostgreSQL's default is 128); what is not in them is read from the data directory's files. */
  pgliteSharedBuffersMb: number;
};

export const DEFAULT_CONFIG: Config = {
  port: 8080,
  databaseUrl: undefined,
  nodeEnv: 'development',
  dataDir: './data',
  logLevel: 'info',
  otpMaxSendsPerMobileHour: 5,
  otpMaxSendsPerAddressHour: 60,
  aadhaarOtpMaxSendsPerApplicationHour: 5,
  joinUsMaxPerAddressHour: 30,
  joinUsMaxPerMobileHour: 10,
  publicUploadBytesPerAddressDay: 50 * 1024 * 1024,
  publicUploadBytesPerTenantDay: 2 * 1024 * 1024 * 1024,
  guestUploadBytesPerMobileDay: 40 * 1024 * 1024,
  guestUploadBytesPerAddressDay: 200 * 1024 * 1024,
  tokenIdleHours: 12,
  tokenMaxDays: 7,
  tokenCacheSeconds: 10,
  trustProxy: false,
  staticDir: './dist',
  uploadMaxBytes: 10 * 1024 * 1024,
  storage: { driver: 'disk' },
  fileLinks: 'api',
  kmsProvider: 'local',
  keyFile: undefined,
  aadhaarQrCertFile: undefined,
  keysJson: undefined,
  idempotencyMaxPublicKeysPerAddress: 100,
  documentBudgetMs: 10_000,
  documentWorkerMemoryMb: 256,
  documentMaxPages: 200,
  documentMaxDecodedMb: 64,
  documentThreads: 2,
  documentsPerTenant: 2,
  webhookTimeoutMs: 10_000,
  webhookAllowPrivateAddresses: undefined,
  webhookPollMs: 10_000,
  payoutTimeoutMs: 10_000,
  payoutSandboxFault: 'none',
  payoutSandboxLateMs: 15_000,
  payoutNotFoundFailMinutes: 30,
  metricsToken: undefined,
  shutdownGraceMs: 25_000,
  shutdownDrainMs: 2000,
  documentWorkerIdleSeconds: 60,
  pgliteSharedBuffersMb: 32,
};

export const MAX_TOKEN_DAYS = 7;
/** Where `npm start` keeps its keys outside production: beside the data directory, not in it (gitignored). */
export const DEV_KEY_FILE = '.keys/keys.json';

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function nonNegativeNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be zero or a positive number, got "${raw}"`);
  return value;
}

export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would trust every hop, so a client could choose its own address with X-Forwarded-For. ' +
  "Set the proxy's address (TRUST_PROXY=10.0.0.5, comma-separated addresses or CIDRs for several) or the number of proxies in front (TRUST_PROXY=1).";

/** Proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy for a config value. Fastify 5 reads a number as "trust nothing" (it cannot
 * check the connecting peer), so a hop count becomes the function proxy-addr calls for each
 * address, nearest first: the socket's peer is hop 0, and the first `hops` of them are trusted.
 */
export function fastifyTrustProxy(value: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** false, a hop count, or the proxies' addresses; `true` and anything malformed stop the start. */
function trustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') throw new Error(TRUST_PROXY_TRUE_REFUSED);
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) throw new Error(`TRUST_PROXY must be a hop count or proxy addresses / CIDRs, got "${bad}"`);
  return entries;
}

function optionalBoolean(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
}

const text = (env: Env, name: string, fallback: string) => env[name]?.trim() || fallback;

function tokenMaxDays(env: Env): number {
  const days = positiveNumber(env, 'TOKEN_MAX_DAYS', DEFAULT_CONFIG.tokenMaxDays);
  if (days > MAX_TOKEN_DAYS) throw new Error(`TOKEN_MAX_DAYS must be at most ${MAX_TOKEN_DAYS}, got "${env.TOKEN_MAX_DAYS}"`);
  return days;
}

function kmsProvider(raw: string | undefined): Config['kmsProvider'] {
  const value = raw?.trim() || 'local';
  if (value !== 'local') throw new Error(`KMS_PROVIDER must be "local", got "${value}"`);
  return value;
}

function storage(env: Env): Config['storage'] {
  const driver = env.STORAGE_DRIVER?.trim() || 'disk';
  if (driver === 'disk') return { driver };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be "disk" or "s3", got "${driver}"`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() || 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  return {
    driver,
    s3: {
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      endpoint: env.S3_ENDPOINT?.trim() || undefined,
      forcePathStyle: pathStyle === 'true',
      prefix: env.S3_PREFIX?.trim() ?? '',
    },
  };
}

function fileLinks(env: Env, store: Config['storage']): Config['fileLinks'] {
  const value = env.FILE_LINKS?.trim() || 'api';
  if (value !== 'api' && value !== 'store') throw new Error(`FILE_LINKS must be "api" or "store", got "${value}"`);
  if (value === 'store' && store.driver !== 's3') throw new Error('FILE_LINKS=store needs STORAGE_DRIVER=s3');
  return value;
}

function payoutFault(raw: string | undefined): PayoutFault {
  const value = raw?.trim() || 'none';
  if (!(PAYOUT_FAULTS as readonly string[]).includes(value))
    throw new Error(`PAYOUT_SANDBOX_FAULT must be one of ${PAYOUT_FAULTS.join(', ')}, got "${value}"`);
  return value as PayoutFault;
}

export function loadConfig(env: Env = process.env): Config {
  const store = storage(env);
  const nodeEnv = text(env, 'NODE_ENV', DEFAULT_CONFIG.nodeEnv);
  return {
    port: positiveNumber(env, 'PORT', DEFAULT_CONFIG.port),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    nodeEnv,
    dataDir: text(env, 'DATA_DIR', DEFAULT_CONFIG.dataDir),
    logLevel: text(env, 'LOG_LEVEL', DEFAULT_CONFIG.logLevel),
    otpMaxSendsPerMobileHour: positiveNumber(env, 'OTP_MAX_SENDS_PER_MOBILE_HOUR', DEFAULT_CONFIG.otpMaxSendsPerMobileHour),
    otpMaxSendsPerAddressHour: positiveNumber(env, 'OTP_MAX_SENDS_PER_ADDRESS_HOUR', DEFAULT_CONFIG.otpMaxSendsPerAddressHour),
    aadhaarOtpMaxSendsPerApplicationHour: positiveNumber(
      env,
      'AADHAAR_OTP_MAX_SENDS_PER_APPLICATION_HOUR',
      DEFAULT_CONFIG.aadhaarOtpMaxSendsPerApplicationHour,
    ),
    joinUsMaxPerAddressHour: positiveNumber(env, 'JOIN_US_MAX_PER_ADDRESS_HOUR', DEFAULT_CONFIG.joinUsMaxPerAddressHour),
    joinUsMaxPerMobileHour: positiveNumber(env, 'JOIN_US_MAX_PER_MOBILE_HOUR', DEFAULT_CONFIG.joinUsMaxPerMobileHour),
    publicUploadBytesPerAddressDay: positiveNumber(
      env,
      'PUBLIC_UPLOAD_MAX_BYTES_PER_ADDRESS_DAY',
      DEFAULT_CONFIG.publicUploadBytesPerAddressDay,
    ),
    publicUploadBytesPerTenantDay: positiveNumber(
      env,
      'PUBLIC_UPLOAD_MAX_BYTES_PER_TENANT_DAY',
      DEFAULT_CONFIG.publicUploadBytesPerTenantDay,
    ),
    guestUploadBytesPerMobileDay: positiveNumber(env, 'GUEST_UPLOAD_MAX_BYTES_PER_MOBILE_DAY', DEFAULT_CONFIG.guestUploadBytesPerMobileDay),
    guestUploadBytesPerAddressDay: positiveNumber(
      env,
      'GUEST_UPLOAD_MAX_BYTES_PER_ADDRESS_DAY',
      DEFAULT_CONFIG.guestUploadBytesPerAddressDay,
    ),
    tokenIdleHours: positiveNumber(env, 'TOKEN_IDLE_HOURS', DEFAULT_CONFIG.tokenIdleHours),
    tokenMaxDays: tokenMaxDays(env),
    tokenCacheSeconds: nonNegativeNumber(env, 'TOKEN_CACHE_SECONDS', DEFAULT_CONFIG.tokenCacheSeconds),
    trustProxy: trustProxy(env.TRUST_PROXY),
    staticDir: text(env, 'STATIC_DIR', DEFAULT_CONFIG.staticDir),
    uploadMaxBytes: positiveNumber(env, 'UPLOAD_MAX_BYTES', DEFAULT_CONFIG.uploadMaxBytes),
    storage: store,
    fileLinks: fileLinks(env, store),
    kmsProvider: kmsProvider(env.KMS_PROVIDER),
    keyFile: env.KEY_FILE?.trim() || (nodeEnv === 'production' ? undefined : DEV_KEY_FILE),
    keysJson: env.KEYS_JSON?.trim() || undefined,
    aadhaarQrCertFile: env.AADHAAR_QR_CERT_FILE?.trim() || undefined,
    idempotencyMaxPublicKeysPerAddress: positiveNumber(
      env,
      'IDEMPOTENCY_MAX_PUBLIC_KEYS_PER_ADDRESS',
      DEFAULT_CONFIG.idempotencyMaxPublicKeysPerAddress,
    ),
    documentBudgetMs: positiveNumber(env, 'DOCUMENT_BUDGET_MS', DEFAULT_CONFIG.documentBudgetMs),
    documentWorkerMemoryMb: positiveNumber(env, 'DOCUMENT_WORKER_MEMORY_MB', DEFAULT_CONFIG.documentWorkerMemoryMb),
    documentMaxPages: positiveNumber(env, 'DOCUMENT_MAX_PAGES', DEFAULT_CONFIG.documentMaxPages),
    documentMaxDecodedMb: positiveNumber(env, 'DOCUMENT_MAX_DECODED_MB', DEFAULT_CONFIG.documentMaxDecodedMb),
    documentThreads: positiveNumber(env, 'DOCUMENT_THREADS', DEFAULT_CONFIG.documentThreads),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    shutdownGraceMs: positiveNumber(env, 'SHUTDOWN_GRACE_MS', DEFAULT_CONFIG.shutdownGraceMs),
    shutdownDrainMs: nonNegativeNumber(env, 'SHUTDOWN_DRAIN_MS', DEFAULT_CONFIG.shutdownDrainMs),
    documentsPerTenant: positiveNumber(env, 'DOCUMENTS_PER_TENANT', DEFAULT_CONFIG.documentsPerTenant),
    webhookTimeoutMs: positiveNumber(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_CONFIG.webhookTimeoutMs),
    webhookAllowPrivateAddresses: optionalBoolean(env, 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES'),
    webhookPollMs: positiveNumber(env, 'WEBHOOK_POLL_MS', DEFAULT_CONFIG.webhookPollMs),
    payoutTimeoutMs: positiveNumber(env, 'PAYOUT_TIMEOUT_MS', DEFAULT_CONFIG.payoutTimeoutMs),
    payoutSandboxFault: payoutFault(env.PAYOUT_SANDBOX_FAULT),
    payoutSandboxLateMs: positiveNumber(env, 'PAYOUT_SANDBOX_LATE_MS', DEFAULT_CONFIG.payoutSandboxLateMs),
    payoutNotFoundFailMinutes: positiveNumber(env, 'PAYOUT_NOT_FOUND_FAIL_MINUTES', DEFAULT_CONFIG.payoutNotFoundFailMinutes),
    documentWorkerIdleSeconds: positiveNumber(env, 'DOCUMENT_WORKER_IDLE_SECONDS', DEFAULT_CONFIG.documentWorkerIdleSeconds),
    pgliteSharedBuffersMb: positiveNumber(env, 'PGLITE_SHARED_BUFFERS_MB', DEFAULT_CONFIG.pgliteSharedBuffersMb),
  };
}

export const isProduction = (config: Pick<Config, 'nodeEnv'>) => config.nodeEnv === 'production';

/** Loopback and private webhook addresses: refused in production unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true. */
export const webhookPrivateAllowed = (config: Pick<Config, 'nodeEnv' | 'webhookAllowPrivateAddresses'>) =>
  config.webhookAllowPrivateAddresses ?? !isProduction(config);
