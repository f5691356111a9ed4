import type { FastifyInstance, FastifyRequest } from 'fastify';
import { familyMemberSchema } from '../../../domain';
import { answer } from '../../http/envelope';
import { checkedByService } from '../../http/route-schemas';
import { todayAt } from '../../shared/application-records';
import * as z from 'zod/mini';
import { applicationParams, familyMemberParams } from '../../shared/route-params';
import { answers } from '../../shared/route-responses';
import { familyMemberViewResponse, familySubmitAnswerResponse } from '../../shared/application-responses';
import { addFamilyMember, getFamilyMember, listFamilyMembers, updateFamilyMember, type FamilyCall } from './family-members.service';

type ById = { Params: { id: string } };
type ByFid = { Params: { fid: string } };

/**
 * The borrower's family members (docs/application-api.md), under /api/v1/app/mfi. As with the
 * co-applicants, each service checks access to the application first, then parses the body
 * with the family form's schema (route-schemas.ts, checkedByService).
 */
export async function familyMembersRoutes(app: FastifyInstance): Promise<void> {
  const callOf = (request: FastifyRequest): FamilyCall => ({
    tenant: request.tenant,
    user: request.user!,
    db: app.db,
    now: () => app.clock.now(),
  });
  // The day of the form's date rule is the request's; the document only needs its shape.
  const member = familyMemberSchema(todayAt(app.clock.now()));
  const written = answers(familySubmitAnswerResponse);

  app.post<ById>(
    '/:id/family-member',
    checkedByService({ params: applicationParams, body: member, response: written }),
    async (request, reply) => answer(reply, await addFamilyMember(callOf(request), request.params.id, request.body)),
  );
  app.get<ById>(
    '/:id/family-member',
    { schema: { params: applicationParams, response: answers(z.array(familyMemberViewResponse)) } },
    async (request, reply) => answer(reply, await listFamilyMembers(callOf(request), request.params.id)),
  );
  app.get<ByFid>(
    '/family-member/:fid',
    { schema: { params: familyMemberParams, response: answers(familyMemberViewResponse) } },
    async (request, reply) => answer(reply, await getFamilyMember(callOf(request), request.params.fid)),
  );
  app.patch<ByFid>(
    '/family-member/:fid',
    checkedByService({ params: familyMemberParams, body: member, response: written }),
    async (request, reply) => answer(reply, await updateFamilyMember(callOf(request), request.params.fid, request.body)),
  );
}
