import * as z from 'zod/mini';
import { joinUsRequestSchema, joinUsTrackSchema } from '../identity/join-us.schema';
import { routeTable } from './route';

// Online only (the signed-out partner registration and its tracking): not in the domain's barrel;
// the registration's client imports this file and the build keeps it in the client's chunk
// (vite.config.ts ONLINE_ONLY_CHUNKS).

const JOIN_US = '/api/v1/join-us';

/**
 * Public partner registration (spec 01 §2, §5, §7): the request answering its tracker id (the
 * mobile), and its tracking by mobile, whose answer's message is the status in words. Its
 * documents' upload is with the other uploads (files.paths.ts, `joinUsUpload`).
 */
export const JOIN_US_ROUTES = routeTable({
  request: { method: 'POST', path: `${JOIN_US}/request`, body: joinUsRequestSchema, answer: z.object({ tracker_id: z.string() }) },
  track: { method: 'GET', path: `${JOIN_US}/track`, query: joinUsTrackSchema, answer: z.object({ status: z.string() }) },
});
