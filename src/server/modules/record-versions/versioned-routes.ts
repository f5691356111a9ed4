import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BORROWER_FIELDS, type RecordValues } from '../../../domain';
import { coApplicants, familyMembers } from '../../db/schema';
import type { VersionedRecord } from './record-versions.plugin';

/**
 * Every route that writes a versioned record (issue 32), by method and path: the record it writes
 * and how its body maps onto it. One table, so what is versioned is read in one place; the
 * plugin attaches each entry to its route (onRoute).
 */

const APP = '/api/v1/app/mfi';
type Params = Record<string, string | undefined>;
const paramsOf = (request: FastifyRequest) => request.params as Params;

/** A request to go on despite a deviation is a decision about the write, not a value of the record. */
const withoutDeviations = ({ deviations: _decision, ...fields }: RecordValues) => fields;

/** A step of the application itself (`borrower`, `business`, ...), named by the path's application id. */
const step = (key: string, more: Partial<VersionedRecord> = {}): VersionedRecord => ({
  of: (request) => ({ applicationId: paramsOf(request).id!, key }),
  fields: withoutDeviations,
  ...more,
});

/** A record added with the phone's own id (a co-applicant, a family member): its first version. */
const added = (kind: string): VersionedRecord => ({
  of: (request) => {
    const id = (request.body as RecordValues).id;
    return typeof id === 'string' ? { applicationId: paramsOf(request).id!, key: `${kind}:${id}` } : null;
  },
  fields: withoutDeviations,
});

/** A record named by its own id in the path: its application is read (the route has checked access). */
const owned = (kind: string, table: typeof coApplicants | typeof familyMembers, param: string): VersionedRecord => ({
  of: async (request) => {
    const id = paramsOf(request)[param]!;
    const [row] = await request.server.db
      .select({ applicationId: table.application_id })
      .from(table)
      .where(and(eq(table.tenant_id, request.tenant), eq(table.id, id)));
    return row ? { applicationId: row.applicationId, key: `${kind}:${id}` } : null;
  },
  fields: withoutDeviations,
});

/** The borrower fields a reviewer's PATCH /:id may change (the rest of it, remarks and a move, is no record field). */
const PATCHED_BORROWER_FIELDS = new Set<string>(BORROWER_FIELDS.filter((field) => field !== 'is_phone_verified' && field !== 'remarks'));

/** A verified bank account (every accepted bank step is one) is never merged over. */
const ACCOUNT_FIELDS = ['account_number', 'confirm_account_number', 'ifsc_code'];

export const VERSIONED_ROUTES: Readonly<Partial<Record<string, VersionedRecord>>> = {
  [`PUT ${APP}/:id`]: step('borrower'),
  [`PATCH ${APP}/:id`]: step('borrower', {
    partial: true,
    fields: (body) => Object.fromEntries(Object.entries(body).filter(([field]) => PATCHED_BORROWER_FIELDS.has(field))),
  }),
  [`PATCH ${APP}/:id/basic-info`]: step('kyc'),
  [`POST ${APP}/:id/business-detail`]: step('business'),
  [`PATCH ${APP}/:id/business-detail`]: step('business'),
  [`POST ${APP}/:id/employment-info`]: step('employment'),
  [`POST ${APP}/:id/bank-account`]: step('bank_account', { oneWay: (current) => (current.account_number ? ACCOUNT_FIELDS : []) }),
  [`PATCH ${APP}/:id/bank-account`]: step('bank_account', { oneWay: (current) => (current.account_number ? ACCOUNT_FIELDS : []) }),
  [`POST ${APP}/:id/business-cpv-info`]: step('cpv:business_place'),
  [`POST ${APP}/:id/residence-cpv-info`]: step('cpv:residence'),
  [`PATCH ${APP}/:id/reference`]: step('references'),
  [`POST ${APP}/:id/co-applicant`]: added('co_applicant'),
  [`PATCH ${APP}/co-applicant/:coId`]: owned('co_applicant', coApplicants, 'coId'),
  [`POST ${APP}/:id/family-member`]: added('family_member'),
  [`PATCH ${APP}/family-member/:fid`]: owned('family_member', familyMembers, 'fid'),
};

/** Reads that answer the versions of an application's records (`versions`: record key → version): its id. */
export const VERSIONED_READS: Readonly<Partial<Record<string, (request: FastifyRequest) => string>>> = {
  [`GET ${APP}/:id`]: (request) => paramsOf(request).id!,
};
