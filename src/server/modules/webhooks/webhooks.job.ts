import type { FastifyInstance } from 'fastify';
import { claimJobSlot } from '../../kernels/jobs';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The immediate attempt: after a successful write has been answered (so its transaction has
 * committed), this node looks for due events and sends them. A write records a loan event inside
 * its own transaction (recordLoanEvent) and needs to know nothing of this; the look is one indexed
 * query, and passes never overlap (webhook-delivery.ts deliverSoon).
 */
export function registerDeliverAfterWrites(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (WRITES.has(request.method) && reply.statusCode < 300 && app.webhooks.endpointOf(request.tenant)) void app.webhooks.deliverSoon();
    done();
  });
}

/** One turn of the delivery job: run by the node that claims this turn's slot in job_runs (as the hourly clean-up). */
export async function runWebhookJobOnce(app: FastifyInstance): Promise<number | undefined> {
  if (!(await claimJobSlot(app.db, 'webhooks', app.clock.now(), app.config.webhookPollMs))) return undefined;
  return app.webhooks.deliverDue();
}

/** Retries fall due while nothing is written: every WEBHOOK_POLL_MS one node of many looks for them. */
export function scheduleWebhookDelivery(app: FastifyInstance): void {
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      await runWebhookJobOnce(app);
    } catch (err) {
      app.log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'webhook delivery job failed');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void run(), app.config.webhookPollMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
