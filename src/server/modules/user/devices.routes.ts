import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DESIGNATIONS, DEVICE_MANAGER, userDeviceParams, userDevicesParams, type Tenant } from '../../../domain';
import { requireDesignation } from '../../http/auth-guards';
import * as z from 'zod/mini';
import { fail, ok } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { answers } from '../../http/route-responses';
import { lossesOf, revokeDevice } from '../auth/lost-device.service';
import { devicesOf, sessionLimitsOf } from '../auth/session.service';
import { staffOfTenant, userOfTenant } from './devices.service';
import { said } from '../../kernels/messages';

/** A device of the user (session.service.ts devicesOf): the newest sign-in on it, and whether a session there is live. */
/** `lost`: its latest marking, what the server received from it after, and what the phone reported it deleted unsent (lost-device.service.ts). */
const deviceLoss = z.object({
  marked_at: z.string(),
  contact_at: z.nullable(z.string()),
  received: z.number(),
  unsent: z.nullable(z.number()),
  wiped_at: z.nullable(z.string()),
});
const deviceView = z.object({
  device: z.string(),
  label: z.nullable(z.string()),
  signed_in_at: z.string(),
  last_used_at: z.string(),
  live: z.boolean(),
  lost: z.nullable(deviceLoss),
});
const markedLost = z.object({ device: z.string(), revoked_sessions: z.number() });
/** A member of the tenant's staff whose devices the branch manager may see (devices.service.ts staffOfTenant). */
const staffMember = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  designation: z.enum(DESIGNATIONS),
});

/**
 * A branch manager's list of the officers, their view of an officer's devices, and "device lost":
 * every session of the user on that device is revoked, and the app wipes its data when it next
 * reaches the server.
 */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = { onRequest: [requireDesignation(DEVICE_MANAGER)] };

  const userExists = (tenant: Tenant, id: number) => userOfTenant(app.db, tenant, id);

  // '' (not '/'): the prefix alone, GET /api/v1/users.
  app.get('', { ...manager, schema: { response: answers(z.array(staffMember)) } }, async (request) =>
    ok(await staffOfTenant(app.db, request.tenant)),
  );

  app.get(
    '/:userId/devices',
    { ...manager, schema: { params: userDevicesParams, response: answers(z.array(deviceView)) } },
    async (request, reply) => {
      if (!(await userExists(request.tenant, request.params.userId))) return fail(reply, 404, said('device.userNotFound'));
      const [devices, losses] = await Promise.all([
        devicesOf(app.db, request.tenant, request.params.userId),
        lossesOf(app.db, request.tenant, request.params.userId),
      ]);
      return ok(devices.map((d) => ({ ...d, lost: losses.get(d.device) ?? null })));
    },
  );

  app.post(
    '/:userId/devices/:device/lost',
    { ...manager, schema: { params: userDeviceParams, body: noBody, response: answers(markedLost) } },
    async (request, reply) => {
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
  );
};
