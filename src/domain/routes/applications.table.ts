import * as z from 'zod/mini';
import {
  applicationListPageSchema,
  applicationListQuerySchema,
  deviationDecisionSchema,
  resubmitBodySchema,
} from '../records/application-list.schema';
import { applicationViewSchema, incompleteApplicationViewSchema } from '../records/application-view';
import { kycSchema } from '../steps/kyc.schema';
import { borrowerPhoneParams } from '../shared/route-input.schema';
import { APPLICATION_PATHS } from './applications.paths';
import { routeTable } from './route';
import { applicationParams } from './route-params';

const MFI = '/api/v1/app/mfi';

/**
 * The application API (docs/application-api.md): the list, the lookup by phone, the borrower
 * step, the review's moves and the KYC submit. The borrower step's and the patch's bodies are the
 * server's (the borrower schema of the request's day, any subset of its fields).
 */
export const APPLICATION_ROUTES = routeTable({
  count: { ...APPLICATION_PATHS.count, answer: z.object({ count: z.number() }) },
  list: { method: 'GET', path: MFI, query: applicationListQuerySchema, answer: applicationListPageSchema },
  byPhone: { method: 'GET', path: `${MFI}/phone-number/:phone`, params: borrowerPhoneParams, answer: incompleteApplicationViewSchema },
  read: { method: 'GET', path: `${MFI}/:id`, params: applicationParams, answer: applicationViewSchema },
  borrower: { method: 'PUT', path: `${MFI}/:id`, params: applicationParams, answer: applicationViewSchema },
  update: { method: 'PATCH', path: `${MFI}/:id`, params: applicationParams, answer: applicationViewSchema },
  resubmit: {
    method: 'POST',
    path: `${MFI}/:id/resubmit`,
    params: applicationParams,
    body: z.optional(resubmitBodySchema),
    answer: applicationViewSchema,
  },
  deviation: {
    method: 'PATCH',
    path: `${MFI}/:id/deviation`,
    params: applicationParams,
    body: deviationDecisionSchema,
    answer: applicationViewSchema,
  },
  kyc: { method: 'PATCH', path: `${MFI}/:id/basic-info`, params: applicationParams, body: kycSchema, answer: applicationViewSchema },
});
