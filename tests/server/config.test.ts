import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadConfig } from '../../src/server/config';

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
    });
    expect(loadConfig({})).toEqual(DEFAULT_CONFIG);
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
      TRUST_PROXY: 'true',
      STATIC_DIR: '/srv/dist',
      TOKEN_CACHE_SECONDS: '0',
      LOG_LEVEL: 'warn',
      DOCUMENT_BUDGET_MS: '5000',
      DOCUMENT_WORKER_MEMORY_MB: '128',
      DOCUMENT_MAX_PAGES: '50',
      DOCUMENT_MAX_DECODED_MB: '32',
      DOCUMENT_THREADS: '4',
      DOCUMENTS_PER_TENANT: '1',
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
      trustProxy: true,
      staticDir: '/srv/dist',
      tokenCacheSeconds: 0,
      logLevel: 'warn',
      documentBudgetMs: 5000,
      documentWorkerMemoryMb: 128,
      documentMaxPages: 50,
      documentMaxDecodedMb: 32,
      documentThreads: 4,
      documentsPerTenant: 1,
    });
  });

  it('treats an empty DATABASE_URL as unset (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', true],
    ['10.0.0.0/8,127.0.0.1', '10.0.0.0/8,127.0.0.1'],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it.each([
    ['PORT', 'abc'],
    ['TOKEN_IDLE_HOURS', '-1'],
    ['OTP_MAX_SENDS_PER_MOBILE_HOUR', '0'],
    ['JOIN_US_MAX_PER_ADDRESS_HOUR', 'x'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
