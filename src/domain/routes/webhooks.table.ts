import * as z from 'zod/mini';
import { WEBHOOK_STATES, webhookEventParams, webhookEventsQuery } from '../ops/webhooks.schema';
import { routeTable } from './route';

// Online only (a branch manager's deliveries screen): not in the domain's barrel, the screen's
// client imports this file, which the build keeps in the screen's chunk (vite.config.ts).

const webhookDeliveryViewSchema = z.object({
  attempt: z.number(),
  attempted_at: z.string(),
  duration_ms: z.number(),
  status_code: z.nullable(z.number()),
  error: z.nullable(z.string()),
});
const webhookEventViewSchema = z.object({
  id: z.string(),
  type: z.enum(['loan.disbursed', 'loan.cancelled']),
  application_id: z.string(),
  created_at: z.string(),
  state: z.enum(WEBHOOK_STATES),
  attempts: z.number(),
  next_attempt_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  deliveries: z.array(webhookDeliveryViewSchema),
});
const webhookEndpointViewSchema = z.object({ configured: z.boolean(), url: z.nullable(z.string()) });

/** One attempt to deliver an event: its status code, or the error that stood for one. */
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;
export type WebhookEventView = z.infer<typeof webhookEventViewSchema>;
/** Where the tenant's events go; the secret is never answered, only whether one is set. */
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

/**
 * The branch manager's view of the loan events sent to the lender's loan-management system
 * (issue 34, docs/webhooks.md): the endpoint, the events with their attempts, and "redeliver"
 * (its body is the server's: none).
 */
export const WEBHOOK_ROUTES = routeTable({
  endpoint: { method: 'GET', path: '/api/v1/webhooks/endpoint', answer: webhookEndpointViewSchema },
  events: { method: 'GET', path: '/api/v1/webhooks/events', query: webhookEventsQuery, answer: z.array(webhookEventViewSchema) },
  redeliver: {
    method: 'POST',
    path: '/api/v1/webhooks/events/:id/redeliver',
    params: webhookEventParams,
    answer: webhookEventViewSchema,
  },
});
