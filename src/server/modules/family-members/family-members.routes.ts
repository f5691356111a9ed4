import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { familyMemberSchema } from '../../../domain';
import { answer } from '../../http/envelope';
import { dated } from '../../http/route-schemas';
import { accessBeforeBody } from '../../kernels/access';
import { recordAccessBeforeBody, todayAt, familyMemberViewResponse, familySubmitAnswerResponse } from '../../kernels/records';
import { findFamilyMember } from './family-member.view';
import * as z from 'zod/mini';
import { applicationParams, familyMemberParams } from '../../http/route-params';
import { answers } from '../../http/route-responses';
import {
  addFamilyMember,
  FAMILY_MSG,
  getFamilyMember,
  listFamilyMembers,
  updateFamilyMember,
  type FamilyCall,
} from './family-members.service';

/**
 * The borrower's family members (docs/application-api.md), under /api/v1/app/mfi. A write's
 * access (whose application, which designation) is answered before its body; the route schema
 * (the family form's) then validates the body, and the service receives the parsed form.
 */
export const familyMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const callOf = (request: FastifyRequest): FamilyCall => ({
    tenant: request.tenant,
    user: request.user!,
    db: app.db,
    now: () => app.clock.now(),
  });
  // The form's date rule is of the request's day.
  const member = dated(() => todayAt(app.clock.now()), familyMemberSchema);
  const written = answers(familySubmitAnswerResponse);

  app.post(
    '/:id/family-member',
    { preValidation: accessBeforeBody('add-record'), schema: { params: applicationParams, body: member, response: written } },
    async (request, reply) => answer(reply, await addFamilyMember(callOf(request), request.params.id, request.body)),
  );
  app.get(
    '/:id/family-member',
    { schema: { params: applicationParams, response: answers(z.array(familyMemberViewResponse)) } },
    async (request, reply) => answer(reply, await listFamilyMembers(callOf(request), request.params.id)),
  );
  app.get(
    '/family-member/:fid',
    { schema: { params: familyMemberParams, response: answers(familyMemberViewResponse) } },
    async (request, reply) => answer(reply, await getFamilyMember(callOf(request), request.params.fid)),
  );
  app.patch(
    '/family-member/:fid',
    {
      preValidation: recordAccessBeforeBody('change-record', 'fid', findFamilyMember, FAMILY_MSG.notFound),
      schema: { params: familyMemberParams, body: member, response: written },
    },
    async (request, reply) => answer(reply, await updateFamilyMember(callOf(request), request.params.fid, request.body)),
  );
};
