import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_MANAGER, type Tenant } from '../../../domain';
import { DEVICE_ROUTES } from '../../../domain/routes/devices.table';
import { requireDesignation } from '../../http/auth-guards';
import { fail, ok } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';
import { lossesOf, revokeDevice } from '../auth/lost-device.service';
import { devicesOf, sessionLimitsOf } from '../auth/session.service';
import { staffOfTenant, userOfTenant } from './devices.service';
import { said } from '../../kernels/messages';

/**
 * A branch manager's list of the officers, their view of an officer's devices, and "device lost":
 * every session of the user on that device is revoked, and the app wipes its data when it next
 * reaches the server.
 */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = { onRequest: [requireDesignation(DEVICE_MANAGER)] };

  const userExists = (tenant: Tenant, id: number) => userOfTenant(app.db, tenant, id);

  // The prefix alone (url ''), GET /api/v1/users.
  app.route({
    ...tableRoute(app, DEVICE_ROUTES.staff),
    ...manager,
    handler: async (request) => ok(await staffOfTenant(app.db, request.tenant)),
  });

  app.route({
    ...tableRoute(app, DEVICE_ROUTES.devices),
    ...manager,
    handler: async (request, reply) => {
      if (!(await userExists(request.tenant, request.params.userId))) return fail(reply, 404, said('device.userNotFound'));
      const [devices, losses] = await Promise.all([
        devicesOf(app.db, request.tenant, request.params.userId),
        lossesOf(app.db, request.tenant, request.params.userId),
      ]);
      return ok(devices.map((d) => ({ ...d, lost: losses.get(d.device) ?? null })));
    },
  });

  app.route({
    ...tableRoute(app, DEVICE_ROUTES.markLost, { body: noBody }),
    ...manager,
    handler: async (request, reply) => {
      const { userId, device } = request.params;
      if (!(await userExists(request.tenant, userId))) return fail(reply, 404, said('device.userNotFound'));
      const known = (await devicesOf(app.db, request.tenant, userId)).some((d) => d.device === device);
      if (!known) return fail(reply, 404, said('device.deviceNotFound'));
      const revoked = await revokeDevice(
        { db: app.db, cache: app.sessions, ...sessionLimitsOf(app.config) },
        request.tenant,
        { userId, device, markedBy: request.user!.id },
        app.clock.now(),
      );
      return ok({ device, revoked_sessions: revoked }, said('device.markedLost'));
    },
  });
};
