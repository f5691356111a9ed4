import { mandateAuthoriseSchema, mandateRequestSchema, mandateViewSchema } from '../offer/mandate.schema';
import { MANDATE_PATHS as P } from './mandate.paths';
import { routeTable } from './route';
import { applicationParams } from './route-params';

/**
 * The e-NACH mandate of an application (issue 33, docs/mandate.md): where it stands, its
 * registration, the borrower's code. Online only: not in the domain's index.
 */
export const MANDATE_ROUTES = routeTable({
  read: { ...P.read, params: applicationParams, answer: mandateViewSchema },
  register: { ...P.register, params: applicationParams, body: mandateRequestSchema, answer: mandateViewSchema },
  authorise: { ...P.authorise, params: applicationParams, body: mandateAuthoriseSchema, answer: mandateViewSchema },
});
