import { routeTable } from './route';

/**
 * The signed-in user's own routes by method and path only: the session's clients (sign-out, the
 * lock screen, the wipe's last report) fill them without loading zod; user.table.ts adds the schemas.
 */
export const USER_PATHS = routeTable({
  me: { method: 'GET', path: '/api/v1/user/me' },
  logout: { method: 'PUT', path: '/api/v1/user/logout' },
  sendToken: { method: 'POST', path: '/api/v1/user/send-token' },
  deviceWiped: { method: 'POST', path: '/api/v1/user/device-wiped' },
});
