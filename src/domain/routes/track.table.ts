import { trackAnswerSchema, trackQuerySchema } from '../steps/track.schema';
import { routeTable } from './route';

/** Tracking an application by its tracker id (spec 02 §7, issue 13): public, the tenant from the host. */
export const TRACK_ROUTES = routeTable({
  track: { method: 'GET', path: '/api/v1/track', query: trackQuerySchema, answer: trackAnswerSchema },
});
