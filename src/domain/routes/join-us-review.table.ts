import * as z from 'zod/mini';
import { joinUsListQuerySchema, joinUsRejectSchema } from '../identity/join-us-review.schema';
import { joinUsRequestParams } from '../shared/route-input.schema';
import { routeTable } from './route';

// Online only (a branch manager's partner requests): not in the domain's barrel; the screens'
// client imports this file and the build keeps it in their chunk (vite.config.ts ONLINE_ONLY_CHUNKS).

const maybeText = z.nullable(z.string());

const partnerRequestSummarySchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  business_name: maybeText,
  city: z.string(),
  state: z.string(),
  status: z.string(),
  created_at: z.string(),
});
const partnerRequestPageSchema = z.object({
  list: z.array(partnerRequestSummarySchema),
  total_pages: z.number(),
  total_elements: z.number(),
});
/** An upload of the request; `mime` and `file_url` (signed, short-lived) are null when the stored file is missing. */
const partnerDocumentSchema = z.object({ field: z.string(), file_id: z.string(), mime: maybeText, file_url: maybeText });
/** The request as a reviewer sees it: every field of the registration but its uploads, which are its documents. */
const partnerRequestDetailSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  business_name: maybeText,
  gst_number: maybeText,
  email: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  address: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  status: z.string(),
  reason: maybeText,
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  verified_at: maybeText,
  decided_at: maybeText,
  documents: z.array(partnerDocumentSchema),
});

export type PartnerRequestSummary = z.infer<typeof partnerRequestSummarySchema>;
export type PartnerRequestPage = z.infer<typeof partnerRequestPageSchema>;
export type PartnerDocument = z.infer<typeof partnerDocumentSchema>;
export type PartnerRequestDetail = z.infer<typeof partnerRequestDetailSchema>;

const REQUEST = '/api/v1/join-us/requests/:id';
const decision = (path: string) =>
  ({ method: 'POST', path: `${REQUEST}/${path}`, params: joinUsRequestParams, answer: partnerRequestDetailSchema }) as const;

/**
 * A branch manager's review of partner registrations (spec 01 §9): the list (zero-based pages),
 * one request, and its moves; verify and approve take no body (the server's: none).
 */
export const JOIN_US_REVIEW_ROUTES = routeTable({
  list: { method: 'GET', path: '/api/v1/join-us/requests', query: joinUsListQuerySchema, answer: partnerRequestPageSchema },
  read: { method: 'GET', path: REQUEST, params: joinUsRequestParams, answer: partnerRequestDetailSchema },
  verify: decision('verify'),
  approve: decision('approve'),
  reject: { ...decision('reject'), body: joinUsRejectSchema },
});
