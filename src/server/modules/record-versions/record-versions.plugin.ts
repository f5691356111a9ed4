import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CONDITION_HEADERS, changedFields, mergeRecord, VERSIONED_WRITES, type FieldConflict, type RecordValues } from '../../../domain';
import { fail } from '../../http/envelope';
import type { KeyRing } from '../../providers/kms/kms-provider';
import { requestLanguage, sayIn } from '../../kernels/messages';
import { RECORD_MSG, conflictMessage } from './record-versions.messages';
import {
  appendVersion,
  claimRecord,
  releaseRecord,
  versionOf,
  versionsOf,
  versionsSince,
  type Claimed,
  type LaterVersion,
  type RecordRef,
} from './record-versions.queries';
import { openValues, sealValues } from './record-values';
import { templateOf, VERSIONED_READS, versionedRecordOfRoute, type VersionedRecord } from './versioned-routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    record?: VersionedRecord;
    /** A read that answers the versions of the application's records: the application's id. */
    recordVersionsOf?: (request: FastifyRequest) => string;
  }
  interface FastifyRequest {
    recordWrite?: RecordWrite;
  }
}

type Conflict = FieldConflict & { changed_by: string; changed_at: string };

type RecordWrite = {
  ref: RecordRef;
  claim: string;
  version: number;
  baseVersion: number | null;
  values: RecordValues;
  changed: string[];
  kind: 'WRITE' | 'MERGED' | 'CONFLICT' | 'UNCONDITIONAL' | 'RESOLVED';
  mergedFields: string[];
  conflicts: Conflict[];
  resolves: number | null;
  /** Of a resolution: the conflicting fields of the version it resolves, each with the value kept. */
  resolved?: { field: string; kept: 'yours' | 'theirs' }[];
};

/** How long a write waits for another one merging into the same record before it is told to retry. */
const CLAIM_WAIT_MS = 5_000;

const oneHeader = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** `If-Match: "3"` (or W/"3", or 3): the record version; undefined without one, NaN when malformed. */
function ifMatchOf(request: FastifyRequest): number | undefined {
  const header = oneHeader(request, CONDITION_HEADERS.ifMatch);
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  return match ? Number(match[1]) : Number.NaN;
}

const declaredOf = (request: FastifyRequest): string[] | undefined =>
  oneHeader(request, CONDITION_HEADERS.changed)
    ?.split(',')
    .map((field) => field.trim())
    .filter(Boolean);

/**
 * The base a write is merged from, with what the writer's own session wrote since: a phone that
 * queued two edits of a record offline bases both on the version it last read, and its second
 * must not conflict with its first.
 */
function ownChangesOn(base: RecordValues, later: LaterVersion[], session: string, ring: KeyRing): RecordValues {
  const own = { ...base };
  for (const version of later) {
    if (version.session_id !== session) continue;
    const values = openValues(ring, version.values);
    for (const field of version.changed_fields) own[field] = values[field];
  }
  return own;
}

/** Who last changed a field in the versions after the base, and when: the conflict's "on the server, by … at …". */
function lastChangeOf(later: LaterVersion[], field: string): { changed_by: string; changed_at: string } {
  const last = later.findLast((version) => version.changed_fields.includes(field));
  return { changed_by: last?.by ?? '', changed_at: (last?.at ?? new Date(0)).toISOString() };
}

/** The conflicting fields of the version a resolution answers, each with the value the person kept (theirs: unchanged). */
async function resolvedFields(app: FastifyInstance, ref: RecordRef, resolves: number, changed: string[]) {
  const conflicts = ((await versionOf(app.db, ref, resolves))?.detail?.conflicts ?? []) as { field: string }[];
  return conflicts.map(({ field }) => ({ field, kept: changed.includes(field) ? ('yours' as const) : ('theirs' as const) }));
}

async function claimWithin(app: FastifyInstance, ref: RecordRef): Promise<Claimed | null> {
  const until = Date.now() + CLAIM_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const claimed = await claimRecord(app.db, ref, app.clock.now());
    if (claimed || Date.now() >= until) return claimed;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * preHandler of a versioned route, after its access check and its schema: claims the record,
 * merges the write into the record as it is now (three-way, against the version its If-Match
 * names) and hands the route the merged body, so a field the writer did not change never puts
 * back an old value. Without If-Match the write is applied as sent, and recorded as unconditional.
 */
async function mergeWrite(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const config = request.routeOptions.config?.record;
  if (!config) return undefined;
  const ifMatch = ifMatchOf(request);
  if (Number.isNaN(ifMatch)) return fail(reply, 400, RECORD_MSG.badIfMatch);
  const found = await config.of(request);
  if (!found) return undefined;
  const app = request.server;
  const ref: RecordRef = { tenant: request.tenant, ...found };
  const claimed = await claimWithin(app, ref);
  if (!claimed) {
    reply.header('retry-after', '1');
    return fail(reply, 409, RECORD_MSG.busy);
  }
  const held = { ref, claim: claimed.claim, version: claimed.version };
  if (config.createOnly && claimed.version > 0) {
    // Answered with the version it has, and no new one.
    const nothing = { baseVersion: null, values: {}, changed: [], mergedFields: [], conflicts: [], resolves: null };
    request.recordWrite = { ...held, kind: 'WRITE', ...nothing };
    return undefined;
  }
  try {
    const ring = app.secrets.aadhaarKey;
    const theirs = openValues(ring, claimed.values);
    const stored = async (version: number) => {
      if (version === claimed.version) return theirs;
      const row = version > 0 ? await versionOf(app.db, ref, version) : undefined;
      return row ? openValues(ring, row.values) : version === 0 ? {} : undefined;
    };
    const body = request.body as RecordValues;
    const sent = config.fields ? config.fields(body) : body;
    const yours = config.partial ? { ...theirs, ...sent } : sent;
    const resolvesHeader = Number(oneHeader(request, CONDITION_HEADERS.resolves));
    const resolves = Number.isInteger(resolvesHeader) && resolvesHeader > 0 ? resolvesHeader : null;
    let write: Omit<RecordWrite, 'changed'>;
    if (ifMatch === undefined) {
      write = { ...held, baseVersion: null, values: yours, kind: 'UNCONDITIONAL', mergedFields: [], conflicts: [], resolves };
    } else {
      const base = ifMatch > claimed.version ? undefined : await stored(ifMatch);
      if (!base) {
        await releaseRecord(app.db, ref, claimed.claim);
        return fail(reply, 412, RECORD_MSG.unknownBase);
      }
      const later = ifMatch < claimed.version ? await versionsSince(app.db, ref, ifMatch) : [];
      const merged = mergeRecord({
        base: ownChangesOn(base, later, request.user!.session_id, ring),
        theirs,
        yours,
        declared: declaredOf(request),
        oneWay: config.oneWay?.(theirs),
      });
      const conflicts = merged.conflicts.map((c) => ({ ...c, ...lastChangeOf(later, c.field) }));
      const kind = conflicts.length > 0 ? 'CONFLICT' : resolves ? 'RESOLVED' : ifMatch < claimed.version ? 'MERGED' : 'WRITE';
      write = {
        ...held,
        baseVersion: ifMatch,
        values: merged.values,
        kind,
        mergedFields: merged.mergedFields,
        conflicts,
        resolves,
      };
    }
    const changed = changedFields(theirs, write.values);
    // The route writes the merged record: all of it for a whole step, only what changes for a partial one.
    const recordBody = config.partial ? Object.fromEntries(changed.map((field) => [field, write.values[field]])) : write.values;
    const rest = Object.fromEntries(Object.entries(body).filter(([field]) => !(field in sent)));
    request.body = { ...rest, ...recordBody };
    const resolved = write.resolves ? await resolvedFields(app, ref, write.resolves, changed) : undefined;
    request.recordWrite = { ...write, changed, ...(resolved ? { resolved } : {}) };
    return undefined;
  } catch (error) {
    await releaseRecord(app.db, ref, claimed.claim);
    throw error;
  }
}

/**
 * onSend: a write the route accepted becomes the record's next version (ETag and `version` in the
 * answer, `merged_fields` when others changed it in parallel); one with conflicting fields is
 * answered 409 with them, the rest applied. A refused write lets go of the record.
 */
async function recordWritten(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const write = request.recordWrite;
  if (!write) return withVersions(request, reply, payload);
  request.recordWrite = undefined;
  const app = request.server;
  if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') {
    await releaseRecord(app.db, write.ref, write.claim);
    return payload;
  }
  if (write.changed.length === 0 && write.conflicts.length === 0 && !write.resolves) {
    // Nothing of the record changed (a move, a step sent again as it was): no new version.
    await releaseRecord(app.db, write.ref, write.claim);
    return answerVersion(reply, payload, { version: write.version, merged_fields: write.mergedFields });
  }
  const version = write.version + 1;
  await appendVersion(app.db, write.ref, write.claim, {
    version,
    at: new Date(app.clock.now()),
    actor_id: request.user!.id,
    session_id: request.user!.session_id,
    kind: write.kind,
    base_version: write.baseVersion,
    changed_fields: write.changed,
    values: sealValues(app.secrets.aadhaarKey, write.values),
    detail: {
      merged_fields: write.mergedFields,
      // Who and what, never the values: the history is read by every reviewer of the application.
      conflicts: write.conflicts.map(({ field, changed_by, changed_at }) => ({ field, changed_by, changed_at })),
      ...(write.resolves ? { resolves: write.resolves, resolved: write.resolved ?? [] } : {}),
    },
  });
  const versioned = { version, merged_fields: write.mergedFields };
  if (write.conflicts.length === 0) return answerVersion(reply, payload, versioned);
  reply.header('etag', `"${version}"`);
  reply.code(409);
  const message = sayIn(conflictMessage(write.conflicts.map((c) => c.field)), requestLanguage(request));
  return JSON.stringify({ success: false, message, status_code: 409, data: { ...versioned, conflicts: write.conflicts } });
}

/** The serialized success envelope's opening: `data` follows as an object (okOf's order). */
const OK_DATA = '{"success":true,"data":{';

/**
 * A success envelope with more fields at the end of its data: spliced into the serialized
 * envelope when `data` is its last part (a step's answer and a read are a whole application view:
 * parsing and serializing it again cost more than the version's two statements); parsed otherwise.
 */
function withDataFields(payload: string, fields: Record<string, unknown>): string {
  if (payload.startsWith(OK_DATA) && payload.endsWith('}}')) {
    const empty = payload.length === OK_DATA.length + 2;
    return `${payload.slice(0, -2)}${empty ? '' : ','}${JSON.stringify(fields).slice(1, -1)}}}`;
  }
  const answer = JSON.parse(payload) as { data?: unknown };
  const data = answer.data && typeof answer.data === 'object' ? { ...answer.data, ...fields } : answer.data;
  return JSON.stringify({ ...answer, data });
}

/** An accepted write's answer with the record's version: ETag, and `version` and `merged_fields` in its data. */
function answerVersion(reply: FastifyReply, payload: string, versioned: { version: number; merged_fields: string[] }): string {
  reply.header('etag', `"${versioned.version}"`);
  return withDataFields(payload, versioned);
}

/** A read of an application answers its records' versions beside it (`versions`), the bases of the phone's next writes. */
async function withVersions(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const applicationOf = request.routeOptions.config?.recordVersionsOf;
  if (!applicationOf || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const id = applicationOf(request);
  const versions = (await versionsOf(request.server.db, request.tenant, [id])).get(id) ?? {};
  return withDataFields(payload, { versions });
}

/**
 * The versions of the records a step writes (issue 32): each route of VERSIONED_WRITES gets its
 * record as `config.record`; every write to it is claimed, merged, applied by the route and recorded. Hooks
 * of the whole app, registered before the answer's language and the idempotency store, so both see
 * the final answer (a replay answers the same 409).
 */
export function registerRecordVersions(app: FastifyInstance): void {
  const unrouted = new Set(Object.keys(VERSIONED_WRITES));
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const record = versionedRecordOfRoute(method, route.url);
      if (record) route.config = { ...route.config, record };
      unrouted.delete(templateOf(method, route.url));
      const recordVersionsOf = VERSIONED_READS[`${method} ${route.url}`];
      if (recordVersionsOf) route.config = { ...route.config, recordVersionsOf };
    }
  });
  // The table is the phone's too: a write it names that no route takes would be versioned on the phone only.
  app.addHook('onReady', async () => {
    if (unrouted.size > 0) throw new Error(`Versioned writes with no route: ${[...unrouted].join(', ')}`);
  });
  app.addHook('preHandler', mergeWrite);
  app.addHook('onSend', recordWritten);
  // A request that ends without an answer sent (an aborted connection) lets go of its claim too.
  app.addHook('onResponse', async (request) => {
    const write = request.recordWrite;
    if (write) await releaseRecord(request.server.db, write.ref, write.claim);
  });
}
