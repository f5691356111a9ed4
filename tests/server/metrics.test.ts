import { describe, expect, it } from 'vitest';
import { unconfiguredProviders } from '../../src/server/providers/unconfigured.provider';
import { login, RAVI } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { useTestApp } from './helpers/test-app';

const TOKEN = 'scrape-secret-1';
const ctx = useTestApp({ config: { metricsToken: TOKEN, joinUsMaxPerAddressHour: 3 }, providers: { pan: unconfiguredProviders.pan } });

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line of the text format, e.g. `name{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const joinUs = (key: string) => post(ctx.app, '/api/v1/join-us/request', { mobile: '12' }, { headers: { 'idempotency-key': key } });

describe('GET /metrics', () => {
  it('is refused without the token (401) and absent when no token is configured (404)', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong')).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    await ctx.rebuild({ config: { metricsToken: undefined } });
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await scrape()).statusCode).toBe(404);
  });

  it('counts requests by route pattern and status, replays, quota refusals and provider failures', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const token = await login(ctx.app, RAVI);
    await get(ctx.app, '/api/v1/app/mfi/phone-number/9876543210', { token });
    expect((await joinUs('m-1')).status).toBe(400);
    expect((await joinUs('m-1')).headers['idempotent-replayed']).toBe('true');
    expect((await joinUs('m-2')).status).toBe(400);
    expect((await joinUs('m-3')).status).toBe(429);
    await expect(ctx.app.providers.pan.verifyPan('ABCDE1234F')).rejects.toThrow();

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    const grew = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);

    expect(grew('sahyog_http_requests_total{method="POST",route="/api/v1/auth/verify-otp",status="200",tenant="sahyog"}')).toBe(1);
    expect(grew('sahyog_http_requests_total{method="POST",route="/api/v1/join-us/request",status="400",tenant="sahyog"}')).toBe(3);
    expect(grew('sahyog_http_requests_total{method="POST",route="/api/v1/join-us/request",status="429",tenant="sahyog"}')).toBe(1);
    expect(grew('sahyog_http_request_duration_seconds_count{method="POST",route="/api/v1/auth/verify-otp",status="200"}')).toBe(1);
    expect(text).toContain('route="/api/v1/app/mfi/phone-number/:phone"');
    expect(text).not.toContain('9876543210');
    expect(grew('sahyog_idempotent_replays_total{route="/api/v1/join-us/request"}')).toBe(1);
    expect(grew('sahyog_quota_refusals_total{limit="join-us:address",tenant="sahyog"}')).toBe(1);
    expect(grew('sahyog_provider_calls_total{provider="pan",method="verifyPan"}')).toBe(1);
    expect(grew('sahyog_provider_failures_total{provider="pan",method="verifyPan"}')).toBe(1);

    for (const name of [
      'sahyog_document_queue_length',
      'sahyog_documents_running',
      'sahyog_document_refusals_total',
      'sahyog_db_pool_connections',
      'sahyog_db_pool_waiting',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });
});
