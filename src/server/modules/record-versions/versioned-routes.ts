import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BORROWER_FIELDS, recordKey, VERSIONED_WRITES, type RecordValues, type VersionedWrite } from '../../../domain';
import { coApplicants, familyMembers } from '../../db/schema';

/**
 * The versioned record of a route (issue 32), from the domain's table of versioned writes (the
 * phone reads the same table): which record it writes and how its body maps onto it. The
 * plugin attaches it to the route (onRoute).
 */

/** A route that writes one versioned record (issue 32), as its `config.record`. */
export type VersionedRecord = {
  /** The application and key of the record the request writes; null when there is none (the route answers that). */
  of(request: FastifyRequest): Promise<{ applicationId: string; key: string } | null> | { applicationId: string; key: string } | null;
  /** The record's fields in the (parsed) body; by default the whole body. */
  fields?: (body: RecordValues) => RecordValues;
  /** The body carries only the fields it changes (PATCH /:id): an absent field is left as it is. */
  partial?: boolean;
  /** Fields the server holds as verified in the record as it is now: a change to one is a conflict, never merged. */
  /** The route creates the record (an add with the phone's id): once it exists, a write to it is a replay the route answers as it is. */
  createOnly?: boolean;
  oneWay?: (current: RecordValues) => string[];
};

type Params = Record<string, string | undefined>;
const paramsOf = (request: FastifyRequest) => request.params as Params;

/** A request to go on despite a deviation is a decision about the write, not a value of the record. */
const withoutDeviations = ({ deviations: _decision, ...fields }: RecordValues) => fields;

/** The borrower fields a reviewer's PATCH /:id may change (the rest of it, remarks and a move, is no record field). */
const PATCHED_BORROWER_FIELDS = new Set<string>(BORROWER_FIELDS.filter((field) => field !== 'is_phone_verified' && field !== 'remarks'));
const patchedBorrowerFields = (body: RecordValues) =>
  Object.fromEntries(Object.entries(body).filter(([field]) => PATCHED_BORROWER_FIELDS.has(field)));

/**
 * Fields verified before their record is accepted, never merged over: a bank account (the bank
 * step verifies it), a borrower's or co-applicant's PAN, voter ID and Aadhaar (checked before the
 * step or the add is taken).
 */
const ONE_WAY: Partial<Record<string, readonly string[]>> = {
  bank_account: ['account_number', 'confirm_account_number', 'ifsc_code'],
  borrower: ['pan', 'voter_id', 'aadhaar'],
  co_applicant: ['pan', 'voter_id', 'aadhaar'],
};
const oneWayOf = (kind: string) => {
  const fields = ONE_WAY[kind];
  return fields ? { oneWay: (current: RecordValues) => fields.filter((field) => current[field] != null && current[field] !== '') } : {};
};

/** The tables of the records that have an id of their own: their application is read from there. */
const OWN_TABLES: Partial<Record<string, typeof coApplicants | typeof familyMembers>> = {
  co_applicant: coApplicants,
  family_member: familyMembers,
};

/** The domain's form of a route's path: relative to /api, `{app}` for the application id, `{id}` for a record's. */
export const templateOf = (method: string, url: string) =>
  `${method} ${url
    .replace(/^\/api/, '')
    .replace(/:id\b/, '{app}')
    .replace(/:(coId|fid)\b/, '{id}')}`;

function versionedRecord(write: VersionedWrite): VersionedRecord {
  return {
    of: async (request) => {
      const params = paramsOf(request);
      if (write.id === 'body') {
        const id = (request.body as RecordValues).id;
        const key = recordKey(write, typeof id === 'string' ? id : undefined);
        return key ? { applicationId: params.id!, key } : null;
      }
      if (write.id === 'path') {
        const table = OWN_TABLES[write.kind]!;
        const id = params.coId ?? params.fid ?? '';
        const [row] = await request.server.db
          .select({ applicationId: table.application_id })
          .from(table)
          .where(and(eq(table.tenant_id, request.tenant), eq(table.id, id)));
        return row ? { applicationId: row.applicationId, key: recordKey(write, id)! } : null;
      }
      return { applicationId: params.id!, key: write.kind };
    },
    partial: write.partial,
    createOnly: write.id === 'body',
    fields: write.partial ? patchedBorrowerFields : withoutDeviations,
    ...oneWayOf(write.kind),
  };
}

/** The versioned record a route writes, if it writes one. */
export function versionedRecordOfRoute(method: string, url: string): VersionedRecord | undefined {
  const write = VERSIONED_WRITES[templateOf(method, url)];
  return write ? versionedRecord(write) : undefined;
}

/** Reads that answer the versions of an application's records (`versions`: record key → version): its id. */
export const VERSIONED_READS: Readonly<Partial<Record<string, (request: FastifyRequest) => string>>> = {
  'GET /api/v1/app/mfi/:id': (request) => paramsOf(request).id!,
};
