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

const APP = '/v1/app/mfi';

export const VERSIONED_WRITES: Readonly<Partial<Record<string, VersionedWrite>>> = {
  [`PUT ${APP}/{app}`]: { kind: 'borrower' },
  [`PATCH ${APP}/{app}`]: { kind: 'borrower', partial: true },
  [`PATCH ${APP}/{app}/basic-info`]: { kind: 'kyc' },
  [`POST ${APP}/{app}/business-detail`]: { kind: 'business' },
  [`PATCH ${APP}/{app}/business-detail`]: { kind: 'business' },
  [`POST ${APP}/{app}/employment-info`]: { kind: 'employment' },
  [`POST ${APP}/{app}/bank-account`]: { kind: 'bank_account' },
  [`PATCH ${APP}/{app}/bank-account`]: { kind: 'bank_account' },
  [`POST ${APP}/{app}/business-cpv-info`]: { kind: 'cpv_business_place' },
  [`POST ${APP}/{app}/residence-cpv-info`]: { kind: 'cpv_residence' },
  [`PATCH ${APP}/{app}/reference`]: { kind: 'references' },
  [`POST ${APP}/{app}/co-applicant`]: { kind: 'co_applicant', id: 'body' },
  [`PATCH ${APP}/co-applicant/{id}`]: { kind: 'co_applicant', id: 'path' },
  [`POST ${APP}/{app}/family-member`]: { kind: 'family_member', id: 'body' },
  [`PATCH ${APP}/family-member/{id}`]: { kind: 'family_member', id: 'path' },
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

/** The record a write changes, from its method, path (`{app}` or an id in it) and body; null when it changes none. */
export function versionedRecordOf(method: string, path: string, body: unknown): string | null {
  for (const { method: m, pattern, write } of templates) {
    if (m !== method.toUpperCase()) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    const bodyId = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
    return recordKey(write, write.id === 'path' ? match[1] : typeof bodyId === 'string' ? bodyId : undefined);
  }
  return null;
}
