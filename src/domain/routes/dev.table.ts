import * as z from 'zod/mini';
import { loginMobileSchema } from '../identity/auth.schema';
import { routeTable } from './route';

/**
 * Development helpers (not registered when NODE_ENV=production): the SMS outbox by mobile, newest
 * first, and a DRAFT application for the signed-in officer (a fixture for tests and training).
 */
export const DEV_ROUTES = routeTable({
  sms: {
    method: 'GET',
    path: '/api/dev/sms',
    query: z.object({ mobile: loginMobileSchema }),
    answer: z.array(z.object({ to: z.string(), text: z.string(), otp: z.nullable(z.string()), sent_at: z.string() })),
  },
  applications: { method: 'POST', path: '/api/dev/applications', answer: z.object({ application_id: z.string() }) },
});
