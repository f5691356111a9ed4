import type { Designation } from '../policy/enums';
import type { DeviceLoss } from '../routes/devices.table';

/**
 * On a 401 for a session the server revoked (a branch manager marked the device lost, an admin,
 * another sign-in), the answer carries this header: the app deletes its readable data at once.
 * The API client reads it on every call, so this module stays free of schemas (device-wipe.schema.ts).
 */
export const DEVICE_WIPE_HEADER = 'sahyog-wipe';

/**
 * Who marks a device lost (issue 24 part 5): the tenant's branch managers. The server's device
 * routes and the app's screens both ask this one designation.
 */
export const DEVICE_MANAGER: Designation = 'BRANCH_MANAGER';

/** The designations whose phones carry borrower data: the staff a branch manager may mark a device lost for. */
export const DEVICE_HOLDERS: readonly Designation[] = ['RELATIONSHIP_OFFICER', 'BRANCH_CREDIT_MANAGER'];

/** The device manager's views (GET /api/v1/users, "device lost"), typed by their schemas. */
export type { DeviceLoss, DeviceMarkedLost, StaffMember } from '../routes/devices.table';

/**
 * A device of a user (device-wipe.schema.ts userDeviceSchema): the newest sign-in on it, its last
 * use, and whether a session there is live. The app reads an answer without `label` too.
 */
export type UserDevice = {
  device: string;
  label?: string | null;
  signed_in_at: string;
  last_used_at: string;
  live: boolean;
  lost: DeviceLoss | null;
};

/**
 * A phone told to wipe first sends what its outbox holds sealed for the server, for at most this
 * long; what is still unsent then is deleted with the rest (issue 31 W1).
 */
export const WIPE_SEND_BOUND_MS = 20_000;

/**
 * How long the server accepts those last sealed requests under the revoked session of a device
 * marked lost, from that session's first contact after the marking (the phone's bound, an upload's
 * slack, and the final report). docs/security-and-keys.md, "Logout and remote wipe".
 */
export const LOST_DEVICE_DELIVERY_MS = 60_000;
