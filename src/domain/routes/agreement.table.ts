import { agreementViewSchema, esignSentSchema, esignStartSchema, esignVerifySchema } from '../offer/agreement';
import { AGREEMENT_PATHS as P } from './agreement.paths';
import { routeTable } from './route';
import { applicationParams } from './route-params';

/**
 * The sanction letter and loan agreement and its e-sign (issue 33, docs/agreement-and-esign.md).
 * Making it takes no body (the server's own); the PDF's answer is its bytes, the server's own.
 * Online only: not in the domain's index.
 */
export const AGREEMENT_ROUTES = routeTable({
  read: { ...P.read, params: applicationParams, answer: agreementViewSchema },
  make: { ...P.make, params: applicationParams, answer: agreementViewSchema },
  pdf: { ...P.pdf, params: applicationParams },
  esign: { ...P.esign, params: applicationParams, body: esignStartSchema, answer: esignSentSchema },
  esignVerify: { ...P.esignVerify, params: applicationParams, body: esignVerifySchema, answer: agreementViewSchema },
});
