import type { FastifyInstance } from 'fastify';
import { MSG, PATTERNS } from '../../../domain';
import { fail, ok } from '../../http/envelope';
import { directoryFile, lookupPincode } from './pincode.service';

/** Public: the partner form (signed out) fills city and state from it too. */
export async function pincodeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/get-city-state', async (request, reply) => {
    const pincode = (request.query as Record<string, unknown>).pincode;
    if (typeof pincode !== 'string' || !PATTERNS.pincode.test(pincode)) return fail(reply, 400, MSG.invalidPincode);
    const place = lookupPincode(pincode);
    if (!place) return fail(reply, 404, 'This pincode was not found. Enter the city and state.');
    reply.header('cache-control', 'public, max-age=86400');
    return ok(place);
  });

  // The whole directory (~50 KB gzipped), fetched once by the app after sign-in so that pincode
  // lookup works offline. Not in the service worker's precache: the login page never needs it.
  app.get('/directory', async (request, reply) => {
    const file = directoryFile();
    reply.header('etag', file.etag).header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.type('application/json').header('content-encoding', 'gzip').send(file.gzip);
    }
    return reply.type('application/json').send(file.text);
  });
}
