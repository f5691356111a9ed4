import type { Designation } from '../policy/enums';

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

/** A member of the tenant's staff as the device manager's list shows them (GET /api/v1/users). */
export type StaffMember = { id: number; first_name: string; last_name: string; mobile: string; designation: Designation };

/** A device of a user: the newest sign-in on it, its last use, and whether a session there is live. */
export type UserDevice = {
  device: string;
  label?: string | null;
  signed_in_at: string;
  last_used_at: string;
  live: boolean;
  lost: DeviceLoss | null;
};

/** What "device lost" answers: how many live sessions it ended. */
export type DeviceMarkedLost = { device: string; revoked_sessions: number };

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

/** Where the phone reports, at the end of that window, how many queued items it deleted unsent. */
export const DEVICE_WIPED_PATH = '/v1/user/device-wiped';

/** What the branch manager's view says of a device marked lost: what the server received from it after the marking, and what the phone reported lost. */
export type DeviceLoss = { marked_at: string; contact_at: string | null; received: number; unsent: number | null; wiped_at: string | null };
