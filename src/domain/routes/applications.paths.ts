import { routeTable } from './route';

/** The application API's routes a client before zod asks (the dashboard's count, through the session's user client), by method and path only. */
export const APPLICATION_PATHS = routeTable({
  count: { method: 'GET', path: '/api/v1/app/mfi/count' },
});
