import { collectReferences, type Reference } from '../../domain/records/outbox-references';
import type { OutboxEntry } from '../db/records';

/** The references an entry's body names: read from it, or (sealed for the server) as listed beside it. */
export function referencesOf(entry: OutboxEntry): Reference[] {
  if (entry.sealed) return entry.sealed.refs.map((key) => (key.startsWith('$file:') ? { $file: key.slice(6) } : { $app: key.slice(5) }));
  return collectReferences(entry.request.kind === 'json' ? entry.request.body : entry.request.fields);
}

/** What an entry the drain could not send (yet) means for the entries queued after it. */
export type HeldEntry = {
  /** The application it belongs to ('' for none): such entries stay in order among themselves. */
  group: string;
  upload: boolean;
  /** Local files whose server ids its success provides. */
  files: Set<string>;
  /** The local application whose server id its success provides. */
  createsApp?: string;
};

export function heldEntry(entry: OutboxEntry): HeldEntry {
  // A row a locked app cannot open (sealing.middleware's LOCKED_ROW) has only its keys: it holds its application.
  const request = entry.request as OutboxEntry['request'] | undefined;
  return {
    group: entry.applicationLocalId ?? '',
    upload: request?.kind === 'upload',
    files: new Set(request?.kind === 'upload' ? request.fileLocalIds : []),
    createsApp: entry.effect?.type === 'application-created' ? entry.effect.applicationLocalId : undefined,
  };
}

/**
 * Whether `later` must stay behind `held`, an earlier entry that was not sent in this drain
 * (backing off after a transient failure, or itself held). It must when it names what `held`
 * provides (`{"$file"}` of a file it uploads, `{"$app"}` or `{app}` of the application it
 * creates), and when both belong to the same application unless both are uploads: the steps of
 * an application reach the server in the order they were taken (its status machine expects
 * them so), while an upload only needs the application to exist and stands alone. Everything
 * else goes on: one failed request does not hold up the rest of the queue.
 */
export function mustWaitFor(later: OutboxEntry, held: HeldEntry): boolean {
  if ((later.applicationLocalId ?? '') === held.group && !(held.upload && later.request.kind === 'upload')) return true;
  if (held.createsApp !== undefined && later.applicationLocalId === held.createsApp && later.request.url.includes('{app}')) return true;
  if (held.files.size === 0 && held.createsApp === undefined) return false;
  return referencesOf(later).some((ref) => ('$file' in ref ? held.files.has(ref.$file) : ref.$app === held.createsApp));
}
