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
  tokenIdleHours: number;
  /** How long this process may serve a token from memory; 0 reads the database on every request. */
  tokenCacheSeconds: number;
  /** Fastify's trustProxy: true/false, or a list of trusted addresses / CIDRs. */
  trustProxy: boolean | string;
  staticDir: string;
  uploadMaxBytes: number;
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
  tokenIdleHours: 12,
  tokenCacheSeconds: 10,
  trustProxy: false,
  staticDir: './dist',
  uploadMaxBytes: 10 * 1024 * 1024,
  documentBudgetMs: 10_000,
  documentWorkerMemoryMb: 256,
  documentMaxPages: 200,
  documentMaxDecodedMb: 64,
  documentThreads: 2,
  documentsPerTenant: 2,
};

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

function trustProxy(raw: string | undefined): boolean | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
}

const text = (env: Env, name: string, fallback: string) => env[name]?.trim() || fallback;

export function loadConfig(env: Env = process.env): Config {
  return {
    port: positiveNumber(env, 'PORT', DEFAULT_CONFIG.port),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    nodeEnv: text(env, 'NODE_ENV', DEFAULT_CONFIG.nodeEnv),
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
    tokenIdleHours: positiveNumber(env, 'TOKEN_IDLE_HOURS', DEFAULT_CONFIG.tokenIdleHours),
    tokenCacheSeconds: nonNegativeNumber(env, 'TOKEN_CACHE_SECONDS', DEFAULT_CONFIG.tokenCacheSeconds),
    trustProxy: trustProxy(env.TRUST_PROXY),
    staticDir: text(env, 'STATIC_DIR', DEFAULT_CONFIG.staticDir),
    uploadMaxBytes: positiveNumber(env, 'UPLOAD_MAX_BYTES', DEFAULT_CONFIG.uploadMaxBytes),
    documentBudgetMs: positiveNumber(env, 'DOCUMENT_BUDGET_MS', DEFAULT_CONFIG.documentBudgetMs),
    documentWorkerMemoryMb: positiveNumber(env, 'DOCUMENT_WORKER_MEMORY_MB', DEFAULT_CONFIG.documentWorkerMemoryMb),
    documentMaxPages: positiveNumber(env, 'DOCUMENT_MAX_PAGES', DEFAULT_CONFIG.documentMaxPages),
    documentMaxDecodedMb: positiveNumber(env, 'DOCUMENT_MAX_DECODED_MB', DEFAULT_CONFIG.documentMaxDecodedMb),
    documentThreads: positiveNumber(env, 'DOCUMENT_THREADS', DEFAULT_CONFIG.documentThreads),
    documentsPerTenant: positiveNumber(env, 'DOCUMENTS_PER_TENANT', DEFAULT_CONFIG.documentsPerTenant),
  };
}

export const isProduction = (config: Pick<Config, 'nodeEnv'>) => config.nodeEnv === 'production';
