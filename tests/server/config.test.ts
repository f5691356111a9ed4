import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, DEV_KEY_FILE, loadConfig, TRUST_PROXY_TRUE_REFUSED } from '../../src/server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
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
      tokenCacheSeconds: 10,
      trustProxy: false,
      staticDir: './dist',
      uploadMaxBytes: 10 * 1024 * 1024,
      storage: { driver: 'disk' },
      fileLinks: 'api',
      tokenMaxDays: 7,
      kmsProvider: 'local',
      keyFile: '.keys/keys.json',
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
    });
    // Outside production the keys are kept in a file beside the data (apps built in tests keep them in memory).
    expect(loadConfig({})).toEqual({ ...DEFAULT_CONFIG, keyFile: DEV_KEY_FILE });
  });

  it('reads the payout settings, and refuses a fault the sandbox does not know', () => {
    expect(loadConfig({ PAYOUT_SANDBOX_FAULT: 'timeout', PAYOUT_TIMEOUT_MS: '2000', PAYOUT_NOT_FOUND_FAIL_MINUTES: '10' })).toMatchObject({
      payoutSandboxFault: 'timeout',
      payoutTimeoutMs: 2000,
      payoutNotFoundFailMinutes: 10,
    });
    expect(() => loadConfig({ PAYOUT_SANDBOX_FAULT: 'explode' })).toThrow(
      'PAYOUT_SANDBOX_FAULT must be one of none, timeout, error-500, late, fail-account, got "explode"',
    );
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      DATABASE_URL: 'postgres://u@h/db',
      NODE_ENV: 'production',
      DATA_DIR: '/var/lib/sahyog',
      OTP_MAX_SENDS_PER_MOBILE_HOUR: '3',
      OTP_MAX_SENDS_PER_ADDRESS_HOUR: '100',
      JOIN_US_MAX_PER_ADDRESS_HOUR: '40',
      JOIN_US_MAX_PER_MOBILE_HOUR: '4',
      TOKEN_IDLE_HOURS: '0.5',
      TRUST_PROXY: '10.0.0.5',
      STATIC_DIR: '/srv/dist',
      TOKEN_CACHE_SECONDS: '0',
      LOG_LEVEL: 'warn',
      TOKEN_MAX_DAYS: '2',
      KEY_FILE: '/etc/sahyog/keys.json',
      IDEMPOTENCY_MAX_PUBLIC_KEYS_PER_ADDRESS: '20',
      DOCUMENT_BUDGET_MS: '5000',
      DOCUMENT_WORKER_MEMORY_MB: '128',
      DOCUMENT_MAX_PAGES: '50',
      DOCUMENT_MAX_DECODED_MB: '32',
      DOCUMENT_THREADS: '4',
      DOCUMENTS_PER_TENANT: '1',
      DOCUMENT_WORKER_IDLE_SECONDS: '30',
      PGLITE_SHARED_BUFFERS_MB: '64',
    });
    expect(config).toMatchObject({
      port: 9090,
      databaseUrl: 'postgres://u@h/db',
      nodeEnv: 'production',
      dataDir: '/var/lib/sahyog',
      otpMaxSendsPerMobileHour: 3,
      otpMaxSendsPerAddressHour: 100,
      joinUsMaxPerAddressHour: 40,
      joinUsMaxPerMobileHour: 4,
      tokenIdleHours: 0.5,
      trustProxy: ['10.0.0.5'],
      staticDir: '/srv/dist',
      tokenCacheSeconds: 0,
      logLevel: 'warn',
      tokenMaxDays: 2,
      keyFile: '/etc/sahyog/keys.json',
      idempotencyMaxPublicKeysPerAddress: 20,
      documentBudgetMs: 5000,
      documentWorkerMemoryMb: 128,
      documentMaxPages: 50,
      documentMaxDecodedMb: 32,
      documentThreads: 4,
      documentsPerTenant: 1,
      documentWorkerIdleSeconds: 30,
      pgliteSharedBuffersMb: 64,
    });
  });

  it('has no default key file in production (a missing key is a start-up error there)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).keyFile).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', KEYS_JSON: ' {} ' }).keysJson).toBe('{}');
  });

  it('treats an empty DATABASE_URL as unset (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['::1,fd00::/8,loopback', ['::1', 'fd00::/8', 'loopback']],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true (every hop trusted) with what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(TRUST_PROXY_TRUE_REFUSED);
    expect(TRUST_PROXY_TRUE_REFUSED).toContain('TRUST_PROXY=1');
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', 'proxy.example.com', '-1'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
  });

  it.each([
    ['PORT', 'abc'],
    ['TOKEN_IDLE_HOURS', '-1'],
    ['OTP_MAX_SENDS_PER_MOBILE_HOUR', '0'],
    ['JOIN_US_MAX_PER_ADDRESS_HOUR', 'x'],
    ['TOKEN_MAX_DAYS', '8'],
    ['TOKEN_MAX_DAYS', '0'],
    ['KMS_PROVIDER', 'aws'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
