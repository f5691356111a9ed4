import * as z from 'zod/mini';
import { coApplicantViewSchema } from '../records/application-view';
import { routeTable } from './route';
import { applicationCoApplicantParams, applicationParams, coApplicantParams } from './route-params';

const MFI = '/api/v1/app/mfi';

/**
 * Co-borrowers and guarantors of an application (docs/application-api.md). The writes' bodies are
 * the server's (the co-applicant form of the request's day, by kind of write); the bureau check
 * takes none.
 */
export const CO_APPLICANT_ROUTES = routeTable({
  add: { method: 'POST', path: `${MFI}/:id/co-applicant`, params: applicationParams, answer: coApplicantViewSchema },
  replace: { method: 'POST', path: `${MFI}/:id/co-applicant/replace`, params: applicationParams, answer: coApplicantViewSchema },
  list: { method: 'GET', path: `${MFI}/:id/co-applicant`, params: applicationParams, answer: z.array(coApplicantViewSchema) },
  hardcheck: {
    method: 'POST',
    path: `${MFI}/:id/co-applicant/:coId/hardcheck`,
    params: applicationCoApplicantParams,
    answer: coApplicantViewSchema,
  },
  read: { method: 'GET', path: `${MFI}/co-applicant/:coId`, params: coApplicantParams, answer: coApplicantViewSchema },
  update: { method: 'PATCH', path: `${MFI}/co-applicant/:coId`, params: coApplicantParams, answer: coApplicantViewSchema },
});
