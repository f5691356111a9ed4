import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';

/** No database work: the benchmark's baseline and the start-up probe. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ok({ status: 'ok' }));
}
