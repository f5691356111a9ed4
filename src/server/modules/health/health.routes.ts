import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok } from '../../http/envelope';
import { answers } from '../../shared/route-responses';

/** No database work: the benchmark's baseline and the start-up probe. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: answers(z.object({ status: z.literal('ok') })) } }, async () => ok({ status: 'ok' as const }));
};
