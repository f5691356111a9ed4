import { routeTable } from './route';

const MFI = '/api/v1/app/mfi';

/** The payout's methods and paths alone, without zod, for its client (the online-only disbursement screen); disbursement.table.ts adds their schemas. */
export const DISBURSEMENT_PATHS = routeTable({
  read: { method: 'GET', path: `${MFI}/:id/disbursement` },
  request: { method: 'POST', path: `${MFI}/:id/disbursement` },
  approve: { method: 'POST', path: `${MFI}/:id/disbursement/approve` },
  coolingOff: { method: 'GET', path: `${MFI}/:id/cooling-off-exit` },
  exit: { method: 'POST', path: `${MFI}/:id/cooling-off-exit` },
});
