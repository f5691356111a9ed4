import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SAMPLE_RATIO, startTracing } from '../../src/server/observability/tracing';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// Tracing as main.ts starts it with OTEL_EXPORTER_OTLP_ENDPOINT set and no OTEL_TRACES_SAMPLER:
// one request in a hundred is traced, and a request whose caller sampled its trace (traceparent) always is.
const exporter = new InMemorySpanExporter();
const stopTracing = await startTracing({ exporter, esmHooks: false });
afterAll(() => stopTracing());

const ctx = useTestApp();
const tracedRequests = () => new Set(exporter.getFinishedSpans().map((s) => s.spanContext().traceId)).size;

describe('trace sampling by default', () => {
  it('traces about one request in a hundred', async () => {
    expect(DEFAULT_SAMPLE_RATIO).toBe(0.01);
    exporter.reset();
    for (let i = 0; i < 2000; i++) await get(ctx.app, '/api/v1/pincode/get-city-state?pincode=560001');
    // Binomial(2000, 0.01): 20 expected, standard deviation 4.4; 5 to 40 is beyond 3.4 deviations.
    expect(tracedRequests()).toBeGreaterThan(5);
    expect(tracedRequests()).toBeLessThan(40);
  });

  it('traces every request its caller sampled', async () => {
    exporter.reset();
    for (let i = 0; i < 20; i++) {
      const traceId = `${i.toString(16).padStart(2, '0')}${'a'.repeat(30)}`;
      await get(ctx.app, '/api/v1/pincode/get-city-state?pincode=560001', {
        headers: { traceparent: `00-${traceId}-${'b'.repeat(16)}-01` },
      });
    }
    expect(tracedRequests()).toBe(20);
  });
});
