import { routeTable } from './route';

const USERS = '/api/v1/users';

/** A branch manager's officers and their devices by method and path only: the app's client fills them without the schemas; devices.table.ts adds them. */
export const DEVICE_PATHS = routeTable({
  staff: { method: 'GET', path: USERS },
  devices: { method: 'GET', path: `${USERS}/:userId/devices` },
  markLost: { method: 'POST', path: `${USERS}/:userId/devices/:device/lost` },
});
