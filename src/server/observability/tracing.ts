import { register } from 'node:module';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * The share of requests traced unless OTEL_TRACES_SAMPLER says otherwise (a caller's sampled
 * `traceparent` is always followed). Not one in ten: while any traced request is in flight, Node
 * 20's context storage runs a hook for every promise of the process (traced-context.ts), and with
 * ten requests in flight one in ten keeps a traced one in flight about two thirds of the time
 * (1 - 0.9^10); one in a hundred, about a tenth. What tracing costs, sampled or not:
 * bench/observability-overhead.ts and its figures in docs/operations.md.
 */
export const DEFAULT_SAMPLE_RATIO = 0.01;

/** The exporter's endpoint (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT) as host and port. */
function exporterEndpoint(): { host: string; port: string } | null {
  const url = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!url) return null;
  try {
    const { hostname, port, protocol } = new URL(url);
    return { host: hostname, port: port || (protocol === 'https:' ? '443' : '80') };
  } catch {
    return null;
  }
}

const EXPORTER = exporterEndpoint();

/** Whether an outgoing request goes to the trace exporter's endpoint. */
function isExporterCall(req: { hostname?: string | null; host?: string | null; port?: string | number | null }): boolean {
  if (!EXPORTER) return false;
  const host = req.hostname ?? req.host?.replace(/:\d+$/, '');
  return host === EXPORTER.host && String(req.port ?? (EXPORTER.port === '443' ? 443 : 80)) === EXPORTER.port;
}

/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (main.ts calls this before
 * the server's modules load, so pg, http and Fastify are instrumented as they are imported). Its
 * packages are imported here, lazily: a server without tracing never loads them.
 * Spans: the HTTP server span, Fastify's request and handler spans, one per SQL query (text only,
 * never its parameters); each carries the request id; SpanScrubber removes PII before export.
 * OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS and the other standard variables apply.
 */
export async function startTracing(
  options: { exporter?: SpanExporter; esmHooks?: boolean; sampleRatio?: number } = {},
): Promise<() => Promise<void>> {
  // ESM imports are instrumented through import-in-the-middle's loader hook.
  if (options.esmHooks !== false) register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [
    { NodeSDK },
    { BatchSpanProcessor, ParentBasedSampler, SimpleSpanProcessor, TraceIdRatioBasedSampler },
    { HttpInstrumentation },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
    { SpanScrubber },
    { TracedContextManager, TracedRequests },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
    import('./span-scrubber'),
    import('./traced-context'),
  ]);
  const contextManager = new TracedContextManager();
  const exporter = options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'sahyog-api',
    sampler: process.env.OTEL_TRACES_SAMPLER?.trim()
      ? undefined // the SDK reads OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG
      : new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio ?? DEFAULT_SAMPLE_RATIO) }),
    contextManager,
    spanProcessors: [
      new TracedRequests(contextManager),
      new SpanScrubber(),
      options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter),
    ],
    // Traces only: metrics are prom-client's (/metrics). Left to its defaults the SDK also records
    // OpenTelemetry metrics of every request and query and exports them (OTLP), at a cost
    // (bench/observability-overhead.ts).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Outgoing calls only: a request's span is Fastify's (it reads the caller's traceparent), and
      // instrumenting the HTTP server too cost about 10 % more CPU per request, traced or not.
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        // The exporter's own posts are never traced (the context that would say so is not carried: traced-context.ts).
        ignoreOutgoingRequestHook: (req) => isExporterCall(req),
        requireParentforOutgoingSpans: true,
      }),
      // A span per query inside a request; none for taking a pooled connection, none for the background jobs' queries.
      new PgInstrumentation({ enhancedDatabaseReporting: false, ignoreConnectSpans: true, requireParentSpan: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request and handler spans, not one for each of the dozen hooks every request runs.
        instrumentHooks: false,
        requestHook: (span, request) => span.setAttribute('sahyog.request_id', request.id),
        // The health probes every half second would drown the traces.
        ignorePaths: (route: { url?: string }) => route.url?.startsWith('/api/health') === true || route.url === '/metrics',
      }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
