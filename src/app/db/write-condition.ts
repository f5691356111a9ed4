import { changedFields, versionedWriteOf, type WriteCondition } from '../../domain';
import type { LocalApplication } from './records';

/**
 * The condition of a queued write of a versioned record (issue 32): the version of the record the
 * phone last read from the server (none known: the write goes as an unconditional one, as before
 * versions), and the fields the person changed since the phone last sent the record: a field they
 * did not touch never puts back an old value, even when the phone's copy of it is older than the
 * server's. Undefined for a write of no versioned record.
 */
export function writeConditionOf(
  app: LocalApplication,
  method: string,
  url: string,
  body: Record<string, unknown>,
): WriteCondition | undefined {
  const versioned = versionedWriteOf(method, url, body);
  if (!versioned) return undefined;
  const record = versioned.key;
  const versions = app.server?.versions as Record<string, number> | undefined;
  // An application the server has not seen has no versions yet: a write to it is based on nothing.
  const ifMatch = versions ? (versions[record] ?? 0) : app.serverId ? undefined : 0;
  const previous = app.sentBodies?.[record];
  // A partial write's body is its change already.
  const changed = previous && !versioned.write.partial ? changedFields(previous, body).filter((field) => field in body) : undefined;
  return { record, ...(ifMatch !== undefined ? { ifMatch } : {}), ...(changed ? { changed } : {}) };
}

/** The application with the body just queued as the record's last sent one. */
export const withSentBody = (app: LocalApplication, condition: WriteCondition | undefined, body: Record<string, unknown>) =>
  condition ? { sentBodies: { ...app.sentBodies, [condition.record]: body } } : {};
