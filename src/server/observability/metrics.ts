import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (GET /metrics, metrics.routes.ts). One registry per process:
 * every app built in it (tests build many) counts into the same series. Labels are bounded sets:
 * route patterns (never raw URLs), status codes, the fixed tenant list, provider and quota names.
 */
export const registry = new Registry();
// process_*, nodejs_* (heap, GC) and nodejs_eventloop_lag_* (event-loop delay percentiles).
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const httpRequests = new Counter({
  name: 'sahyog_http_requests_total',
  help: 'Requests answered, by method, route pattern, status and tenant.',
  labelNames: ['method', 'route', 'status', 'tenant'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'sahyog_http_request_duration_seconds',
  help: 'Time to answer, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const idempotentReplays = new Counter({
  name: 'sahyog_idempotent_replays_total',
  help: 'Outbox retries answered from the Idempotency-Key store (the first answer replayed), by route pattern.',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const documentQueue = new Gauge({
  name: 'sahyog_document_queue_length',
  help: 'Documents waiting for a worker thread, by tenant.',
  labelNames: ['tenant'] as const,
  registers: [registry],
});

export const documentRunning = new Gauge({
  name: 'sahyog_documents_running',
  help: 'Documents being read in worker threads now.',
  registers: [registry],
});

export const documentRefusals = new Counter({
  name: 'sahyog_document_refusals_total',
  help: 'Documents not read: over their time or memory budget (tooComplex: the worker was killed) or a full tenant queue (busy).',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const providerCalls = new Counter({
  name: 'sahyog_provider_calls_total',
  help: 'Calls of outside providers (PAN, bureau, ...), by provider and method.',
  labelNames: ['provider', 'method'] as const,
  registers: [registry],
});

export const providerFailures = new Counter({
  name: 'sahyog_provider_failures_total',
  help: 'Provider calls that threw (unreachable, timed out, unconfigured), by provider and method.',
  labelNames: ['provider', 'method'] as const,
  registers: [registry],
});

export const quotaRefusals = new Counter({
  name: 'sahyog_quota_refusals_total',
  help: 'Requests refused by a rate limit or paid-call quota (429), by limit and tenant.',
  labelNames: ['limit', 'tenant'] as const,
  registers: [registry],
});

/** The PostgreSQL pools open in this process (pg.Pool's counts), read when /metrics is scraped. */
type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } };
const pools = new Set<PoolCounts>();

export function watchPool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

const sum = (f: (p: PoolCounts) => number) => [...pools].reduce((n, p) => n + f(p), 0);

new Gauge({
  name: 'sahyog_db_pool_connections',
  help: 'PostgreSQL pool connections, by state (busy, idle), and the pool maximum (max).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.set(
      { state: 'busy' },
      sum((p) => p.totalCount - p.idleCount),
    );
    this.set(
      { state: 'idle' },
      sum((p) => p.idleCount),
    );
    this.set(
      { state: 'max' },
      sum((p) => p.options.max ?? 10),
    );
  },
});

new Gauge({
  name: 'sahyog_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL pool connection.',
  registers: [registry],
  collect() {
    this.set(sum((p) => p.waitingCount));
  },
});
