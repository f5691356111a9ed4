import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { joinUsListQuerySchema, joinUsRejectSchema, LIMITS, type JoinUsAction } from '../../../domain';
import { joinUsRequestParams } from '../../../domain/shared/route-input.schema';
import type { JoinUsRequestRow } from '../../db/schema';
import { requireDesignation } from '../../http/auth-guards';
import { fail, failWith, ok } from '../../http/envelope';
import { signFileUrl } from '../../kernels/files';
import { findJoinUsRequest, listJoinUsRequests, requestDocuments, reviewJoinUsRequest } from './join-us-review.service';
import { JOIN_US_MSG } from './join-us.messages';
import * as z from 'zod/mini';
import { noBody } from '../../http/route-schemas';
import { answers, nullableString } from '../../http/route-responses';

const requestSummary = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  business_name: nullableString,
  city: z.string(),
  state: z.string(),
  status: z.string(),
  created_at: z.string(),
});
const requestPage = z.object({ list: z.array(requestSummary), total_pages: z.number(), total_elements: z.number() });
/** detailOf, every field. */
const requestDetail = z.object({
  id: z.string(),
  mobile: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  business_name: nullableString,
  gst_number: nullableString,
  email: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  address: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  status: z.string(),
  reason: nullableString,
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  verified_at: nullableString,
  decided_at: nullableString,
  documents: z.array(z.object({ field: z.string(), file_id: z.string(), mime: nullableString, file_url: nullableString })),
});

/** The request as a reviewer sees it; the uploads as documents with short-lived signed URLs. */
async function detailOf(app: FastifyInstance, row: JoinUsRequestRow, sessionId: string) {
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

  app.get('/requests', { ...manager, schema: { querystring: joinUsListQuerySchema, response: answers(requestPage) } }, async (request) => {
    const { status, page = 0, size = LIMITS.pageSize } = request.query;
    return ok(await listJoinUsRequests(app.db, request.tenant, { status, page, size }));
  });

  app.get(
    '/requests/:id',
    { ...manager, schema: { params: joinUsRequestParams, response: answers(requestDetail) } },
    async (request, reply) => {
      const row = await findJoinUsRequest(app.db, request.tenant, request.params.id);
      if (!row) return fail(reply, 404, JOIN_US_MSG.requestNotFound);
      return ok(await detailOf(app, row, request.user!.session_id));
    },
  );

  const review = async (request: FastifyRequest, reply: FastifyReply, id: string, action: JoinUsAction, reason?: string) => {
    const reviewed = await reviewJoinUsRequest(app.db, request.tenant, id, action, request.user!, app.clock.now(), reason);
    return reviewed.ok ? ok(await detailOf(app, reviewed.value, request.user!.session_id)) : failWith(reply, reviewed);
  };
  const byId = { ...manager, schema: { params: joinUsRequestParams, body: noBody, response: answers(requestDetail) } };
  app.post('/requests/:id/verify', byId, async (request, reply) => review(request, reply, request.params.id, 'verify'));
  app.post('/requests/:id/approve', byId, async (request, reply) => review(request, reply, request.params.id, 'approve'));
  app.post(
    '/requests/:id/reject',
    { ...manager, schema: { params: joinUsRequestParams, body: joinUsRejectSchema, response: answers(requestDetail) } },
    async (request, reply) => review(request, reply, request.params.id, 'reject', request.body.reason),
  );
};
