import { resolveReferences, type Reference } from '../../domain/records/outbox-references';
import { SEALED_FILE_NAME } from '../../domain/identity/sealed-envelope';
import type { SahyogDb } from '../db/db';
import type { FileBlob, LocalFile, OutboxEntry } from '../db/records';
import { isLockedRow } from '../db/sealing.middleware';
import { referencesOf } from './outbox-order';
import { tablesReadable } from './tables-readable';
import type { ResolvedRequest } from './transport';

/** The request ready to send, or what it still waits for. */
export type Resolution = { request: ResolvedRequest } | { waitingFor: string };

/** The language an entry was queued in, sent with it (the service worker has no other). */
const languageOf = (entry: OutboxEntry): { language?: string } => (entry.language ? { language: entry.language } : {});

/**
 * Server ids for the entry's references, read in one transaction: from the clear id map, and
 * (unlocked) from the applications and files; a clear entry's files and their bytes too.
 */
async function lookupReferences(
  db: SahyogDb,
  entry: OutboxEntry,
): Promise<{ ids: Map<string, string>; files: (LocalFile | undefined)[]; blobs: (FileBlob | undefined)[] }> {
  const refs = referencesOf(entry);
  const appIds = new Set(refs.flatMap((r) => ('$app' in r ? [r.$app] : [])));
  if (entry.applicationLocalId && entry.request.url.includes('{app}')) appIds.add(entry.applicationLocalId);
  const fileIds = [...new Set(refs.flatMap((r) => ('$file' in r ? [r.$file] : [])))];
  const uploadIds = entry.request.kind === 'upload' && !entry.sealed ? entry.request.fileLocalIds : [];
  const ids = new Map<string, string>();
  if (!appIds.size && !fileIds.length && !uploadIds.length) return { ids, files: [], blobs: [] };
  const keys = [...[...appIds].map((id) => `$app:${id}`), ...fileIds.map((id) => `$file:${id}`)];
  if (!tablesReadable(db)) {
    for (const row of await db.serverIds.bulkGet(keys)) if (row) ids.set(row.key, row.id);
    return { ids, files: [], blobs: [] };
  }
  return db.transaction('r', [db.files, db.fileBlobs, db.applications, db.serverIds], async () => {
    for (const row of await db.serverIds.bulkGet(keys)) if (row) ids.set(row.key, row.id);
    const [apps, refFiles, files, blobs] = await Promise.all([
      db.applications.bulkGet([...appIds]),
      db.files.bulkGet(fileIds),
      db.files.bulkGet(uploadIds),
      db.fileBlobs.bulkGet(uploadIds),
    ]);
    for (const app of apps) if (app?.serverId) ids.set(`$app:${app.localId}`, app.serverId);
    for (const file of refFiles) if (file?.serverFileId) ids.set(`$file:${file.localId}`, file.serverFileId);
    return { ids, files, blobs };
  });
}

/** The entry's request with its references replaced by server ids, or what it still waits for. */
export async function resolveEntry(db: SahyogDb, entry: OutboxEntry): Promise<Resolution> {
  if (isLockedRow(entry)) return { waitingFor: 'the app to be unlocked' };
  const { ids, files, blobs } = await lookupReferences(db, entry);
  const lookup = (ref: Reference) => ('$file' in ref ? ids.get(`$file:${ref.$file}`) : ids.get(`$app:${ref.$app}`));
  let url = entry.request.url;
  if (url.includes('{app}')) {
    const serverId = entry.applicationLocalId ? ids.get(`$app:${entry.applicationLocalId}`) : undefined;
    if (!serverId) return { waitingFor: 'the application to reach the server' };
    url = url.replaceAll('{app}', serverId);
  }
  if (entry.sealed) return resolveSealed(entry, entry.sealed, url, ids);
  if (entry.request.kind === 'json') {
    const body = resolveReferences(entry.request.body, lookup);
    if (!body.ok) return { waitingFor: '$file' in body.missing ? 'a file upload' : 'the application to reach the server' };
    return {
      request: {
        kind: 'json',
        base: entry.request.base,
        method: entry.request.method,
        url,
        body: body.value,
        ...(entry.request.condition ? { condition: entry.request.condition } : {}),
        ...languageOf(entry),
      },
    };
  }
  const fields = resolveReferences(entry.request.fields, lookup);
  if (!fields.ok) return { waitingFor: 'the application to reach the server' };
  if (files.some((f) => !f) || blobs.some((b) => !b)) return { waitingFor: 'a file that is no longer on this device' };
  return {
    request: {
      kind: 'upload',
      base: entry.request.base,
      url,
      fields: fields.value as Record<string, unknown>,
      files: (files as LocalFile[]).map((f, i) => ({ blob: blobs[i]!.blob, name: f.name })),
      fileField: entry.request.fileField,
      ...languageOf(entry),
    },
  };
}

/** A sealed entry goes as sealed, with the server ids of the references it names beside it. */
function resolveSealed(entry: OutboxEntry, sealed: NonNullable<OutboxEntry['sealed']>, url: string, ids: Map<string, string>): Resolution {
  const refs: Record<string, string> = {};
  for (const key of sealed.refs) {
    const id = ids.get(key);
    if (id === undefined) return { waitingFor: key.startsWith('$file:') ? 'a file upload' : 'the application to reach the server' };
    refs[key] = id;
  }
  const envelope = { ...sealed.envelope, ...(sealed.refs.length ? { refs } : {}) };
  const { base } = entry.request;
  if (entry.request.kind === 'json') {
    return { request: { kind: 'json', base, method: entry.request.method, url, sealed: envelope, ...languageOf(entry) } };
  }
  return {
    request: {
      kind: 'upload',
      base,
      url,
      fields: {},
      sealed: envelope,
      files: sealed.files.map((blob) => ({ blob, name: SEALED_FILE_NAME })),
      fileField: entry.request.fileField,
      ...languageOf(entry),
    },
  };
}
