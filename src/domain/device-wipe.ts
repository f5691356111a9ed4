import * as z from 'zod/mini';

/**
 * On a 401 for a session the server revoked (a branch manager marked the device lost, an admin,
 * another sign-in), the answer carries this header: the app deletes its readable data at once.
 */
export const DEVICE_WIPE_HEADER = 'sahyog-wipe';

export const DEVICE_MSG = {
  invalidUser: 'Invalid user id',
  invalidDevice: 'Invalid device id',
  userNotFound: 'User not found',
  deviceNotFound: 'No session of this user on that device',
  markedLost: 'The device is marked lost: its sessions are revoked, and the app wipes itself at its next contact.',
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
