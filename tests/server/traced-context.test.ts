import { context, ROOT_CONTEXT, trace, type Context, type Span } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { TracedContextManager } from '../../src/server/observability/traced-context';
import { startTracing } from '../../src/server/observability/tracing';
import { LAKSHMI, withBorrowerStep } from './applications-fixtures';
import { get } from './helpers/http';
import { BORROWER } from './helpers/validation';
import { useTestApp } from './helpers/test-app';

// Tracing with no request sampled unless its caller sampled it (traceparent ...-01): the context
// is carried across awaits only for those (src/server/observability/traced-context.ts).
const exporter = new InMemorySpanExporter();
const stopTracing = await startTracing({ exporter, esmHooks: false, sampleRatio: 0 });
afterAll(() => stopTracing());

const ctx = useTestApp();
const manager = (context as unknown as { _getContextManager(): unknown })._getContextManager();

describe('the context of traced requests only', () => {
  it('is the manager tracing runs on', () => {
    expect(manager).toBeInstanceOf(TracedContextManager);
  });

  it('a request not traced records nothing and leaves the context storage (and its promise hook) off', async () => {
    exporter.reset();
    const { token } = await withBorrowerStep(ctx.app, LAKSHMI);
    const found = await get(ctx.app, `/api/v1/app/mfi/phone-number/${BORROWER}?pan=${LAKSHMI.pan}`, { token });
    expect(found.status).toBe(200);
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect((manager as TracedContextManager).carrying).toBe(false);
  });

  it('a traced request is recorded in its caller’s trace; the storage is off again after it', async () => {
    const { token } = await withBorrowerStep(ctx.app, LAKSHMI);
    exporter.reset();
    const traceId = 'c'.repeat(32);
    const found = await get(ctx.app, `/api/v1/app/mfi/phone-number/${BORROWER}?pan=${LAKSHMI.pan}`, {
      token,
      headers: { traceparent: `00-${traceId}-${'d'.repeat(16)}-01` },
    });
    expect(found.status).toBe(200);
    const spans = exporter.getFinishedSpans();
    // Fastify's request span and, under it, its handler's.
    expect(spans.map((s) => s.name.replace(/ - .*/, '')).sort()).toEqual(['handler', 'request']);
    const request = spans.find((s) => s.name === 'request')!;
    expect(spans.find((s) => s !== request)!.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(new Set([traceId]));
    expect((manager as TracedContextManager).carrying).toBe(false);
  });

  it('carries a traced span’s context across awaits, and none for a span not recorded', async () => {
    const tracer = trace.getTracer('traced-context-test');
    const caller = (flags: number) =>
      trace.setSpanContext(ROOT_CONTEXT, { traceId: 'e'.repeat(32), spanId: 'f'.repeat(16), traceFlags: flags, isRemote: true });
    const activeAfterAwait = (span: Span, parent: Context) =>
      context.with(trace.setSpan(parent, span), async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return trace.getSpan(context.active());
      });

    const notRecorded = tracer.startSpan('not sampled', {}, caller(0));
    expect(notRecorded.isRecording()).toBe(false);
    expect(await activeAfterAwait(notRecorded, caller(0))).toBeUndefined();
    notRecorded.end();
    expect((manager as TracedContextManager).carrying).toBe(false);

    const recorded = tracer.startSpan('sampled', {}, caller(1));
    expect(await activeAfterAwait(recorded, caller(1))).toBe(recorded);
    expect((manager as TracedContextManager).carrying).toBe(true);
    // While the storage is on for a traced request, one not traced runs with no span: a query in it starts none.
    const alongside = tracer.startSpan('not sampled, alongside', {}, caller(0));
    expect(await context.with(trace.setSpan(caller(1), recorded), () => activeAfterAwait(alongside, caller(0)))).toBeUndefined();
    alongside.end();
    recorded.end();
    expect((manager as TracedContextManager).carrying).toBe(false);
  });
});
