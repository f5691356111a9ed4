import { routeTable } from './route';

const AGREEMENT = '/api/v1/app/mfi/:id/agreement';

/** The agreement's methods and paths alone, without zod, for its client (the online-only agreement screen); agreement.table.ts adds their schemas. */
export const AGREEMENT_PATHS = routeTable({
  read: { method: 'GET', path: AGREEMENT },
  make: { method: 'POST', path: AGREEMENT },
  pdf: { method: 'GET', path: `${AGREEMENT}/pdf` },
  esign: { method: 'POST', path: `${AGREEMENT}/esign` },
  esignVerify: { method: 'POST', path: `${AGREEMENT}/esign/verify` },
});
