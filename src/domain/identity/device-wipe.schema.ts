import * as z from 'zod/mini';

/**
 * A branch manager's list of an officer's devices and the mark-lost request (server routes only).
 * Apart from device-wipe.ts: the app's API client needs the wipe header, not these schemas, and
 * importing both from one module brought zod into the /login bundle.
 */
export const DEVICE_MSG = {
  invalidUser: 'Invalid user id',
  invalidDevice: 'Invalid device id',
  userNotFound: 'User not found',
  deviceNotFound: 'No session of this user on that device',
  markedLost: 'The device is marked lost: its sessions are revoked, and the app wipes itself at its next contact.',
  wipeReported: 'The wipe is recorded.',
} as const;

export const userDevicesParams = z.object({
  userId: z.coerce
    .number({ error: DEVICE_MSG.invalidUser })
    .check(z.int(DEVICE_MSG.invalidUser), z.positive(DEVICE_MSG.invalidUser), z.maximum(2_147_483_647, DEVICE_MSG.invalidUser)),
});

/** A device as the server knows it: the SHA-256 (hex) of the client identifier and the app's device id. */
export const userDeviceParams = z.extend(userDevicesParams, {
  device: z.string().check(z.maxLength(64, DEVICE_MSG.invalidDevice), z.regex(/^[0-9a-f]{64}$/, DEVICE_MSG.invalidDevice)),
});
