import { coolingOffExitSchema, disbursementRequestSchema } from '../offer/disbursement';
import { coolingOffViewSchema, disbursementViewSchema } from '../offer/disbursement-view.schema';
import { DISBURSEMENT_PATHS as P } from './disbursement.paths';
import { routeTable } from './route';
import { applicationParams } from './route-params';

/**
 * The payout and the cooling-off exit (issue 34, docs/disbursement.md): the maker's request, the
 * checker's approval (no body: the server's own), the payout's state, the borrower's exit. Online
 * only: not in the domain's index.
 */
export const DISBURSEMENT_ROUTES = routeTable({
  read: { ...P.read, params: applicationParams, answer: disbursementViewSchema },
  request: { ...P.request, params: applicationParams, body: disbursementRequestSchema, answer: disbursementViewSchema },
  approve: { ...P.approve, params: applicationParams, answer: disbursementViewSchema },
  coolingOff: { ...P.coolingOff, params: applicationParams, answer: coolingOffViewSchema },
  exit: { ...P.exit, params: applicationParams, body: coolingOffExitSchema, answer: coolingOffViewSchema },
});
