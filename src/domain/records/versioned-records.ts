import { objectOrNull } from '../shared/is-object';
import { APPLICATION_ROUTES } from '../routes/applications.table';
import { CO_APPLICANT_ROUTES } from '../routes/co-applicants.table';
import { FAMILY_MEMBER_ROUTES } from '../routes/family-members.table';
import { queuedPathOf, templateOf, type Route } from '../routes/route';
import { STEP_ROUTES } from '../routes/steps.table';

/**
 * The writes that change a versioned record (issue 32), for the phone (which version a queued
 * write is based on) and the server (what it claims and merges into) alike: by method and path
 * relative to /api, `{app}` standing for the application's id and `{id}` for the record's own.
 * A record is an application's step (`borrower`, `business`, ...) or one of its co-applicants or
 * family members (`co_applicant:<id>`), whose id the phone chose.
 */
export type VersionedWrite = {
  /** The record's kind: its key is the kind, or `<kind>:<id>` for a record with an id of its own. */
  kind: string;
  /** The id is the path's `{id}` ('path'), the body's `id` ('body'), or none (a step of the application). */
  id?: 'path' | 'body';
  /** The body holds only the fields it changes (a reviewer's PATCH): an absent field is left as it is. */
  partial?: boolean;
};

/** A route table entry's key: its method and path, `:id` as `{app}`. */
const keyOf = (route: Route) => `${route.method} ${queuedPathOf(route)}`;

export const VERSIONED_WRITES: Readonly<Partial<Record<string, VersionedWrite>>> = {
  [keyOf(APPLICATION_ROUTES.borrower)]: { kind: 'borrower' },
  [keyOf(APPLICATION_ROUTES.update)]: { kind: 'borrower', partial: true },
  [keyOf(APPLICATION_ROUTES.kyc)]: { kind: 'kyc' },
  [keyOf(STEP_ROUTES.business)]: { kind: 'business' },
  [keyOf(STEP_ROUTES.businessSecond)]: { kind: 'business' },
  [keyOf(STEP_ROUTES.employment)]: { kind: 'employment' },
  [keyOf(STEP_ROUTES.bankAccount)]: { kind: 'bank_account' },
  [keyOf(STEP_ROUTES.bankAccountSecond)]: { kind: 'bank_account' },
  [keyOf(STEP_ROUTES.businessCpv)]: { kind: 'cpv_business_place' },
  [keyOf(STEP_ROUTES.residenceCpv)]: { kind: 'cpv_residence' },
  [keyOf(STEP_ROUTES.references)]: { kind: 'references' },
  [keyOf(CO_APPLICANT_ROUTES.add)]: { kind: 'co_applicant', id: 'body' },
  [`PATCH ${templateOf(CO_APPLICANT_ROUTES.update, { coId: '{id}' })}`]: { kind: 'co_applicant', id: 'path' },
  [keyOf(FAMILY_MEMBER_ROUTES.add)]: { kind: 'family_member', id: 'body' },
  [`PATCH ${templateOf(FAMILY_MEMBER_ROUTES.update, { fid: '{id}' })}`]: { kind: 'family_member', id: 'path' },
};

/** A record's key: its kind, with the record's own id when it has one. */
export const recordKey = (write: VersionedWrite, id: string | undefined): string | null =>
  write.id ? (id ? `${write.kind}:${id}` : null) : write.kind;

const templates = Object.keys(VERSIONED_WRITES).map((template) => {
  const [method, path] = template.split(' ') as [string, string];
  const pattern = new RegExp(
    `^${path
      .split(/(\{app\}|\{id\})/)
      .map((part) => (part === '{app}' ? '[^/]+' : part === '{id}' ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );
  return { method, pattern, write: VERSIONED_WRITES[template]! };
});

/** The record a write changes, from its method, path (`{app}` or an id in it) and body, with how; null when it changes none. */
export function versionedWriteOf(method: string, path: string, body: unknown): { key: string; write: VersionedWrite } | null {
  for (const { method: m, pattern, write } of templates) {
    if (m !== method.toUpperCase()) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    const bodyId = objectOrNull(body)?.id;
    const key = recordKey(write, write.id === 'path' ? match[1] : typeof bodyId === 'string' ? bodyId : undefined);
    return key ? { key, write } : null;
  }
  return null;
}

/**
 * What a queued write of a versioned record carries besides its body (issue 32): the record, the
 * version the phone's copy of it was (If-Match; none when the phone knows no versions yet: the
 * write is then applied as sent), the fields the person changed since the phone last sent the
 * record, and the conflict version a resolution answers. Sealed with the body when the body is.
 */
export type WriteCondition = { record: string; ifMatch?: number; changed?: string[]; resolves?: number };

export const CONDITION_HEADERS = { ifMatch: 'if-match', changed: 'sahyog-changed-fields', resolves: 'sahyog-resolves' } as const;

/** The request headers of a write's condition. */
export function conditionHeaders(condition: WriteCondition): Record<string, string> {
  const headers: Record<string, string> = {};
  if (condition.ifMatch !== undefined) headers[CONDITION_HEADERS.ifMatch] = `"${condition.ifMatch}"`;
  if (condition.changed) headers[CONDITION_HEADERS.changed] = condition.changed.join(',');
  if (condition.resolves !== undefined) headers[CONDITION_HEADERS.resolves] = String(condition.resolves);
  return headers;
}

const isVersion = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A condition as it arrives sealed (JSON from the phone), or null when it is not one. */
export function parseCondition(value: unknown): WriteCondition | null {
  if (!value || typeof value !== 'object') return null;
  const { record, ifMatch, changed, resolves } = value as Record<string, unknown>;
  if (typeof record !== 'string') return null;
  if (ifMatch !== undefined && !isVersion(ifMatch)) return null;
  if (resolves !== undefined && !isVersion(resolves)) return null;
  if (changed !== undefined && !(Array.isArray(changed) && changed.every((field) => typeof field === 'string'))) return null;
  return value as WriteCondition;
}
