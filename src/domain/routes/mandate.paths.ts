import { routeTable } from './route';

const MANDATE = '/api/v1/app/mfi/:id/mandate';

/** The mandate's methods and paths alone, without zod, for its client (the agreement screen's panel); mandate.table.ts adds their schemas. */
export const MANDATE_PATHS = routeTable({
  read: { method: 'GET', path: MANDATE },
  register: { method: 'POST', path: MANDATE },
  authorise: { method: 'POST', path: `${MANDATE}/authorise` },
});
