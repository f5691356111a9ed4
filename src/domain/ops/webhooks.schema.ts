import * as z from 'zod/mini';
import type { Designation } from '../policy/enums';

/** Who sees the tenant's webhook deliveries and redelivers an event: the branch manager, as for the officers' devices. */
export const WEBHOOK_MANAGER: Designation = 'BRANCH_MANAGER';

export const WEBHOOK_MSG = {
  invalidEvent: 'Invalid event id',
  invalidState: 'State must be pending, delivered or failed',
  invalidLimit: 'Limit must be a whole number from 1 to 100',
  invalidBefore: 'Before must be a date and time (ISO 8601)',
  eventNotFound: 'Event not found',
  notConfigured: 'No webhook endpoint is configured for this lender',
  redeliverySoon: 'The event will be delivered again shortly.',
} as const;

export const WEBHOOK_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

export const webhookEventParams = z.object({
  id: z
    .string()
    .check(
      z.length(36, WEBHOOK_MSG.invalidEvent),
      z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, WEBHOOK_MSG.invalidEvent),
    ),
});

export const webhookEventsQuery = z.object({
  state: z.optional(z.enum(WEBHOOK_STATES, { error: WEBHOOK_MSG.invalidState })),
  limit: z.optional(
    z.coerce
      .number({ error: WEBHOOK_MSG.invalidLimit })
      .check(z.int(WEBHOOK_MSG.invalidLimit), z.minimum(1, WEBHOOK_MSG.invalidLimit), z.maximum(100, WEBHOOK_MSG.invalidLimit)),
  ),
  /** Events created before this time (the `created_at` of the last one of the previous page). */
  before: z.optional(z.iso.datetime({ offset: true, error: WEBHOOK_MSG.invalidBefore }).check(z.maxLength(40, WEBHOOK_MSG.invalidBefore))),
});
