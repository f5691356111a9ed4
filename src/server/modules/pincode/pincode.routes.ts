import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { PINCODE_ROUTES } from '../../../domain/routes/pincode.table';
import { fail, ok } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { errorResponse } from '../../http/route-responses';
import { directoryFile, lookupPincode } from './pincode.service';
import { said } from '../../kernels/messages';

/** Public: the partner form (signed out) fills city and state from it too. */
export const pincodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...tableRoute(app, PINCODE_ROUTES.place),
    handler: async (request, reply) => {
      const place = lookupPincode(request.query.pincode);
      if (!place) return fail(reply, 404, said('text.thisPincodeWasNotFoundEnter'));
      reply.header('cache-control', 'public, max-age=86400');
      return ok(place);
    },
  });

  // The whole directory (~50 KB gzipped), fetched once by the app after sign-in so that pincode
  // lookup works offline. Not in the service worker's precache: the login page never needs it.
  // Sent as the stored text: the schema documents it, the reply is not typed by it.
  const directory = PINCODE_ROUTES.directory;
  (app as unknown as FastifyInstance).route({
    ...tableRoute(app, directory, { response: { 200: directory.answer, 304: z.null(), 401: errorResponse } }),
    handler: async (request, reply) => {
      const file = directoryFile();
      reply.header('etag', file.etag).header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.type('application/json').header('content-encoding', 'gzip').send(file.gzip);
      }
      return reply.type('application/json').send(file.text);
    },
  });
};
