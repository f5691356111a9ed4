import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS, type JoinUsAction } from '../../../domain';
import { JOIN_US_REVIEW_ROUTES, type PartnerRequestDetail } from '../../../domain/routes/join-us-review.table';
import type { JoinUsRequestRow } from '../../db/schema';
import { requireDesignation } from '../../http/auth-guards';
import { fail, failWith, ok } from '../../http/envelope';
import { signFileUrl } from '../../kernels/files';
import { findJoinUsRequest, listJoinUsRequests, requestDocuments, reviewJoinUsRequest } from './join-us-review.service';
import { JOIN_US_MSG } from './join-us.messages';
import { noBody } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';

/** The request as a reviewer sees it; the uploads as documents with short-lived signed URLs. */
async function detailOf(app: FastifyInstance, row: JoinUsRequestRow, sessionId: string): Promise<PartnerRequestDetail> {
  const documents = await requestDocuments(app.db, row);
  return {
    id: row.id,
    mobile: row.mobile,
    first_name: row.first_name,
    last_name: row.last_name,
    business_name: row.business_name,
    gst_number: row.gst_number,
    email: row.email,
    pincode: row.pincode,
    city: row.city,
    state: row.state,
    address: row.address,
    bank_name: row.bank_name,
    account_number: row.account_number,
    ifsc: row.ifsc,
    status: row.status,
    reason: row.rejection_reason,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    verified_at: row.verified_at?.toISOString() ?? null,
    decided_at: row.decided_at?.toISOString() ?? null,
    documents: documents.map((d) => ({
      ...d,
      file_url: d.mime ? signFileUrl(app.secrets.fileUrl, { tenant: row.tenant_id, fileId: d.file_id, sessionId }, app.clock.now()) : null,
    })),
  };
}

/** Review of partner registrations by the tenant's branch managers. */
export const joinUsReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The designation is checked on request, before the path or the body is validated.
  const manager = { onRequest: [requireDesignation('BRANCH_MANAGER')] };

  app.route({
    ...tableRoute(app, JOIN_US_REVIEW_ROUTES.list),
    ...manager,
    handler: async (request) => {
      const { status, page = 0, size = LIMITS.pageSize } = request.query;
      return ok(await listJoinUsRequests(app.db, request.tenant, { status, page, size }));
    },
  });

  app.route({
    ...tableRoute(app, JOIN_US_REVIEW_ROUTES.read),
    ...manager,
    handler: async (request, reply) => {
      const row = await findJoinUsRequest(app.db, request.tenant, request.params.id);
      if (!row) return fail(reply, 404, JOIN_US_MSG.requestNotFound);
      return ok(await detailOf(app, row, request.user!.session_id));
    },
  });

  const review = async (request: FastifyRequest, reply: FastifyReply, id: string, action: JoinUsAction, reason?: string) => {
    const reviewed = await reviewJoinUsRequest(app.db, request.tenant, id, action, request.user!, app.clock.now(), reason);
    return reviewed.ok ? ok(await detailOf(app, reviewed.value, request.user!.session_id)) : failWith(reply, reviewed);
  };
  app.route({
    ...tableRoute(app, JOIN_US_REVIEW_ROUTES.verify, { body: noBody }),
    ...manager,
    handler: async (request, reply) => review(request, reply, request.params.id, 'verify'),
  });
  app.route({
    ...tableRoute(app, JOIN_US_REVIEW_ROUTES.approve, { body: noBody }),
    ...manager,
    handler: async (request, reply) => review(request, reply, request.params.id, 'approve'),
  });
  app.route({
    ...tableRoute(app, JOIN_US_REVIEW_ROUTES.reject),
    ...manager,
    handler: async (request, reply) => review(request, reply, request.params.id, 'reject', request.body.reason),
  });
};
