import * as z from 'zod/mini';
import type { Designation } from './enums';

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

/**
 * Who marks a device lost (issue 24 part 5): the tenant's branch managers. The server's device
 * routes and the app's screens both ask this one designation.
 */
export const DEVICE_MANAGER: Designation = 'BRANCH_MANAGER';

/** The designations whose phones carry borrower data: the staff a branch manager may mark a device lost for. */
export const DEVICE_HOLDERS: readonly Designation[] = ['RELATIONSHIP_OFFICER', 'BRANCH_CREDIT_MANAGER'];

/** A member of the tenant's staff as the device manager's list shows them (GET /api/v1/users). */
export type StaffMember = { id: number; first_name: string; last_name: string; mobile: string; designation: Designation };

/** A device of a user: the newest sign-in on it, its last use, and whether a session there is live. */
export type UserDevice = { device: string; signed_in_at: string; last_used_at: string; live: boolean };

/** What "device lost" answers: how many live sessions it ended. */
export type DeviceMarkedLost = { device: string; revoked_sessions: number };
