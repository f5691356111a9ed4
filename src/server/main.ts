// The server's entry: dist-server/main.mjs once compiled (`npm start`, `npm run serve`), or this file through tsx.
// Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set, starts before the server's modules load, so
// pg, http and Fastify are instrumented as they are imported (observability/tracing.ts); without
// it nothing of OpenTelemetry is loaded. serve.ts is imported by a computed name so that esbuild
// leaves it a module of its own (dist-server/serve.mjs) whose imports run after this.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) {
  const { startTracing } = await import('./observability/tracing');
  await startTracing();
}
const compiled = import.meta.url.endsWith('.mjs');
await import(new URL(compiled ? './serve.mjs' : './serve.ts', import.meta.url).href);
