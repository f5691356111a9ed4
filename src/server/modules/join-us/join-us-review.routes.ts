import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { joinUsListQuerySchema, joinUsRejectSchema, LIMITS, PATTERNS, type JoinUsAction } from '../../../domain';
import type { JoinUsRequestRow } from '../../db/schema';
import { requireDesignation } from '../../http/auth-guards';
import { fail, ok, parseInput } from '../../http/envelope';
import { signFileUrl } from '../files/file-url';
import { findJoinUsRequest, listJoinUsRequests, requestDocuments, reviewJoinUsRequest } from './join-us-review.service';
import { JOIN_US_MSG } from './join-us.messages';

export type JoinUsReviewOptions = { urlSecret: string };

/** The request as a reviewer sees it; the uploads as documents with short-lived signed URLs. */
async function detailOf(app: FastifyInstance, urlSecret: string, row: JoinUsRequestRow) {
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
    documents: documents.map((d) => ({ ...d, file_url: d.mime ? signFileUrl(urlSecret, row.tenant_id, d.file_id, app.clock.now()) : null })),
  };
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** Review of partner registrations by the tenant's branch managers. */
export function joinUsReviewRoutes({ urlSecret }: JoinUsReviewOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const manager = { preHandler: [requireDesignation('BRANCH_MANAGER')] };

    app.get('/requests', manager, async (request, reply) => {
      const query = parseInput(joinUsListQuerySchema, request.query, 'Query');
      if (!query.ok) return fail(reply, 400, query.message);
      const { status, page = 0, size = LIMITS.pageSize } = query.value;
      return ok(await listJoinUsRequests(app.db, request.tenant, { status, page, size }));
    });

    app.get('/requests/:id', manager, async (request, reply) => {
      const id = idOf(request);
      if (!PATTERNS.applicationId.test(id)) return fail(reply, 400, JOIN_US_MSG.badRequestId);
      const row = await findJoinUsRequest(app.db, request.tenant, id);
      if (!row) return fail(reply, 404, JOIN_US_MSG.requestNotFound);
      return ok(await detailOf(app, urlSecret, row));
    });

    const review = (action: JoinUsAction) => async (request: FastifyRequest, reply: FastifyReply) => {
      const id = idOf(request);
      if (!PATTERNS.applicationId.test(id)) return fail(reply, 400, JOIN_US_MSG.badRequestId);
      let reason: string | undefined;
      if (action === 'reject') {
        const body = parseInput(joinUsRejectSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.message);
        reason = body.value.reason;
      }
      const reviewed = await reviewJoinUsRequest(app.db, request.tenant, id, action, request.user!, app.clock.now(), reason);
      if (!reviewed.ok) return fail(reply, reviewed.status, reviewed.message);
      return ok(await detailOf(app, urlSecret, reviewed.value));
    };
    app.post('/requests/:id/verify', manager, review('verify'));
    app.post('/requests/:id/approve', manager, review('approve'));
    app.post('/requests/:id/reject', manager, review('reject'));
  };
}
