import * as z from 'zod/mini';
import { userDeviceParams, userDevicesParams } from '../identity/device-wipe.schema';
import { DESIGNATIONS } from '../policy/enums';
import { DEVICE_PATHS } from './devices.paths';
import { routeTable } from './route';

/** A member of the tenant's staff as the device manager's list shows them (GET /api/v1/users). */
export const staffMemberSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  designation: z.enum(DESIGNATIONS),
});

/** What the branch manager's view says of a device marked lost: what the server received from it after the marking, and what the phone reported lost. */
export const deviceLossSchema = z.object({
  marked_at: z.string(),
  contact_at: z.nullable(z.string()),
  received: z.number(),
  unsent: z.nullable(z.number()),
  wiped_at: z.nullable(z.string()),
});

/** A device of a user: the newest sign-in on it, its last use, whether a session there is live, and its latest marking lost. */
export const userDeviceSchema = z.object({
  device: z.string(),
  label: z.nullable(z.string()),
  signed_in_at: z.string(),
  last_used_at: z.string(),
  live: z.boolean(),
  lost: z.nullable(deviceLossSchema),
});

/** What "device lost" answers: how many live sessions it ended. */
export const deviceMarkedLostSchema = z.object({ device: z.string(), revoked_sessions: z.number() });

export type StaffMember = z.infer<typeof staffMemberSchema>;
export type DeviceLoss = z.infer<typeof deviceLossSchema>;
export type DeviceMarkedLost = z.infer<typeof deviceMarkedLostSchema>;

/**
 * A branch manager's list of the officers, their view of an officer's devices, and "device lost"
 * (issue 24 part 5). Mark lost takes no body: the server's.
 */
export const DEVICE_ROUTES = routeTable({
  staff: { ...DEVICE_PATHS.staff, answer: z.array(staffMemberSchema) },
  devices: { ...DEVICE_PATHS.devices, params: userDevicesParams, answer: z.array(userDeviceSchema) },
  markLost: { ...DEVICE_PATHS.markLost, params: userDeviceParams, answer: deviceMarkedLostSchema },
});
