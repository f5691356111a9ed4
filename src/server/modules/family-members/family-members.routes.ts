import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FAMILY_MEMBER_ROUTES } from '../../../domain/routes/family-members.table';
import { answer } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { accessBeforeBody } from '../../kernels/access';
import { recordAccessBeforeBody, todayAt } from '../../kernels/records';
import { findFamilyMember } from './family-member.view';
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
  const today = () => todayAt(app.clock.now());
  const R = FAMILY_MEMBER_ROUTES;

  app.route({
    ...tableRoute(app, R.add, { today }),
    preValidation: accessBeforeBody('add-record'),
    handler: async (request, reply) => answer(reply, await addFamilyMember(callOf(request), request.params.id, request.body)),
  });
  app.route({
    ...tableRoute(app, R.list),
    handler: async (request, reply) => answer(reply, await listFamilyMembers(callOf(request), request.params.id)),
  });
  app.route({
    ...tableRoute(app, R.read),
    handler: async (request, reply) => answer(reply, await getFamilyMember(callOf(request), request.params.fid)),
  });
  app.route({
    ...tableRoute(app, R.update, { today }),
    preValidation: recordAccessBeforeBody('change-record', 'fid', findFamilyMember, FAMILY_MSG.notFound),
    handler: async (request, reply) => answer(reply, await updateFamilyMember(callOf(request), request.params.fid, request.body)),
  });
};
