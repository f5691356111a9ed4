import * as z from 'zod/mini';
import { profileSchema } from '../identity/profile.schema';
import { routeTable } from './route';
import { USER_PATHS } from './user.paths';

/** How many queued items the wiped phone deleted unsent. */
export const deviceWipedBody = z.object({ unsent: z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)) });

/**
 * The signed-in user's own routes: the profile, sign-out, a new send-only credential (issue 31
 * S3) and a lost phone's last report (how many queued items it deleted unsent). Sign-out and the
 * new credential take no body: the server's.
 */
export const USER_ROUTES = routeTable({
  me: { ...USER_PATHS.me, answer: profileSchema },
  logout: USER_PATHS.logout,
  sendToken: { ...USER_PATHS.sendToken, answer: z.object({ send_token: z.string() }) },
  deviceWiped: { ...USER_PATHS.deviceWiped, body: deviceWipedBody, answer: z.object({ received: z.number() }) },
});
