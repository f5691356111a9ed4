import type { FastifyInstance } from 'fastify';
import { requireDesignation, requireUser } from '../../http/auth-guards';
import { ok } from '../../http/envelope';
import { countApplications } from './applications.service';

export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/count', { preHandler: [requireUser, requireDesignation()] }, async (request) =>
    ok({ count: await countApplications(app.db, request.tenant, request.user!) }),
  );
}
