import type { FastifyInstance } from 'fastify';
import { MSG, PATTERNS } from '../../../domain';
import { fail, ok } from '../../http/envelope';
import { lookupPincode } from './pincode.service';

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
}
