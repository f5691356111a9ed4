/**
 * On a 401 for a session the server revoked (a branch manager marked the device lost, an admin,
 * another sign-in), the answer carries this header: the app deletes its readable data at once.
 * The API client reads it on every call, so this module stays free of schemas (device-wipe.schema.ts).
 */
export const DEVICE_WIPE_HEADER = 'sahyog-wipe';
