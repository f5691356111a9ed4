import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, webhookPrivateAllowed } from '../../src/server/config';
import { FIRST_RETRY_MS, MAX_RETRY_MS, nextAttemptAt, retryDelay } from '../../src/server/modules/webhooks/webhook-backoff';
import { parseWebhookEndpoints, readWebhookEndpoints } from '../../src/server/modules/webhooks/webhook-endpoints';
import { isPrivateAddress, postWebhook } from '../../src/server/modules/webhooks/webhook-post';
import { runWebhookJobOnce } from '../../src/server/modules/webhooks/webhooks.job';
import { createLocalKms } from '../../src/server/providers/kms/local-kms.provider';
import { KeyConfigurationError } from '../../src/server/providers/kms/kms-provider';
import { useTestApp } from './helpers/test-app';

const SECRET = 'a-lender-secret-of-enough-length';

describe('webhook backoff', () => {
  it('doubles from 10 s to a cap of an hour, with between half and all of each wait taken', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 0))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 0.999999))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelay(9, 1 - 1e-12)).toBe(2_560_000);
    expect(retryDelay(10, 1 - 1e-12)).toBe(MAX_RETRY_MS);
    expect(retryDelay(500, 0)).toBe(MAX_RETRY_MS / 2);
    for (let n = 1; n < 40; n++) {
      const full = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (n - 1));
      const d = retryDelay(n, Math.random());
      expect(d).toBeGreaterThanOrEqual(full / 2);
      expect(d).toBeLessThanOrEqual(full);
    }
  });

  it('never schedules past the window, and ends at it', () => {
    expect(nextAttemptAt(1, 0, 1_000_000, 0.5)).toBe(7_500);
    expect(nextAttemptAt(20, 999_000, 1_000_000, 0.5)).toBe(1_000_000);
    expect(nextAttemptAt(20, 1_000_000, 1_000_000, 0.5)).toBeNull();
  });
});

describe('webhook endpoints (the key file’s "webhooks")', () => {
  it('reads a tenant’s URL and secret, and refuses what would not work, with the reason', () => {
    const text = JSON.stringify({ webhooks: { sahyog: { url: 'https://lms.example/hooks', secret: SECRET } } });
    expect(parseWebhookEndpoints(text, 'KEYS_JSON')).toEqual({ sahyog: { url: 'https://lms.example/hooks', secret: SECRET } });
    expect(parseWebhookEndpoints('{}', 'KEYS_JSON')).toEqual({});
    const bad = (webhooks: unknown) => () => parseWebhookEndpoints(JSON.stringify({ webhooks }), 'KEYS_JSON');
    expect(bad({ nobody: { url: 'https://x.example', secret: SECRET } })).toThrow(/"nobody", which is not a tenant/);
    expect(bad({ sahyog: { url: 'ftp://x.example', secret: SECRET } })).toThrow(/an http\(s\) address/);
    expect(bad({ sahyog: { url: 'https://user:pw@x.example', secret: SECRET } })).toThrow(/an http\(s\) address/);
    expect(bad({ sahyog: { url: 'https://x.example', secret: 'short' } })).toThrow(/at least 24 characters/);
    expect(bad([])).toThrow(KeyConfigurationError);
  });

  it('the server keeps the endpoints when it writes the key file itself (new rings outside production)', async () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), 'sahyog-keys-')), 'keys.json');
    writeFileSync(keyFile, JSON.stringify({ webhooks: { acfl: { url: 'https://lms.example/acfl', secret: SECRET } } }));
    await createLocalKms({ keyFile, production: false }).loadKeys();
    const written = JSON.parse(readFileSync(keyFile, 'utf8'));
    expect(Object.keys(written).sort()).toEqual(['aadhaar', 'file-link', 'outbox', 'webhooks']);
    expect(readWebhookEndpoints({ keyFile, keysJson: undefined })).toEqual({ acfl: { url: 'https://lms.example/acfl', secret: SECRET } });
  });

  it('private addresses: refused by default in production, allowed elsewhere, and WEBHOOK_ALLOW_PRIVATE_ADDRESSES decides when set', () => {
    expect(webhookPrivateAllowed(loadConfig({ NODE_ENV: 'production', KEYS_JSON: '{}' }))).toBe(false);
    expect(webhookPrivateAllowed(loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }))).toBe(true);
    expect(webhookPrivateAllowed(loadConfig({}))).toBe(true);
    expect(webhookPrivateAllowed(loadConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' }))).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(/true or false/);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '13.232.1.9', '2606:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('a name that resolves to a loopback address is refused after the lookup, before connecting', async () => {
    const result = await postWebhook('http://localhost:9/hooks', {}, '{}', { timeoutMs: 1000, allowPrivateAddresses: false });
    expect(result).toMatchObject({ status: null, error: 'address not allowed (private or loopback)' });
  });
});

describe('the delivery job', () => {
  const ctx = useTestApp();

  it('runs on one node of many in each turn (job_runs), as the hourly clean-up does', async () => {
    const endpoints = { sahyog: { url: 'http://127.0.0.1:9/hooks', secret: SECRET } };
    await ctx.rebuild({ webhookEndpoints: endpoints });
    const other = await buildApp({
      logger: false,
      db: ctx.db,
      clock: ctx.clock,
      documents: ctx.documents,
      webhookEndpoints: endpoints,
      config: { staticDir: '/nonexistent' },
    });
    try {
      const turns = await Promise.all([runWebhookJobOnce(ctx.app), runWebhookJobOnce(other)]);
      expect(turns.filter((t) => t !== undefined)).toEqual([0]);
      ctx.clock.advance(ctx.app.config.webhookPollMs);
      expect(await runWebhookJobOnce(other)).toBe(0);
      expect(await runWebhookJobOnce(ctx.app)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
