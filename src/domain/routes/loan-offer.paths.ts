import { routeTable } from './route';

const BUREAU = '/api/v1/bureau';

/**
 * The loan offer's methods and paths alone, without zod, for its client (loaded with its online-only
 * screens); loan-offer.table.ts adds their schemas for the server.
 */
export const LOAN_OFFER_PATHS = routeTable({
  inputs: { method: 'GET', path: `${BUREAU}/bre` },
  compute: { method: 'POST', path: `${BUREAU}/bre` },
  update: { method: 'PATCH', path: `${BUREAU}/bre` },
  confirmRejection: { method: 'POST', path: `${BUREAU}/bre/confirm-rejection` },
  kfsSend: { method: 'POST', path: `${BUREAU}/bre/kfs/send` },
  kfsResend: { method: 'POST', path: `${BUREAU}/bre/kfs/resend` },
  kfsAcknowledge: { method: 'POST', path: `${BUREAU}/bre/kfs/acknowledge` },
  kfsPdf: { method: 'GET', path: `${BUREAU}/bre/kfs/pdf` },
  emiStartDate: { method: 'POST', path: `${BUREAU}/get-emi-start-date-from-disbursement-date` },
});
