import * as z from 'zod/mini';
import { familyMemberViewSchema, familySubmitAnswerSchema } from '../records/application-view';
import { familyMemberSchema } from '../steps/family-member.schema';
import { routeTable } from './route';
import { applicationParams, familyMemberParams } from './route-params';

const MFI = '/api/v1/app/mfi';

/** The borrower's family members (docs/application-api.md): the family form of the request's day. */
export const FAMILY_MEMBER_ROUTES = routeTable({
  add: {
    method: 'POST',
    path: `${MFI}/:id/family-member`,
    params: applicationParams,
    body: familyMemberSchema,
    answer: familySubmitAnswerSchema,
  },
  list: { method: 'GET', path: `${MFI}/:id/family-member`, params: applicationParams, answer: z.array(familyMemberViewSchema) },
  read: { method: 'GET', path: `${MFI}/family-member/:fid`, params: familyMemberParams, answer: familyMemberViewSchema },
  update: {
    method: 'PATCH',
    path: `${MFI}/family-member/:fid`,
    params: familyMemberParams,
    body: familyMemberSchema,
    answer: familySubmitAnswerSchema,
  },
});
