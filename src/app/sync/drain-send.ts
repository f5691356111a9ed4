import type { OutboxEntry } from '../db/records';
import type { DrainRun } from './drain-run';
import { markUploading } from './entry-outcomes';
import { resolveEntry } from './resolve-entry';
import { tablesReadable } from './tables-readable';
import type { ResolvedRequest, TransportResponse } from './transport';

/** Sends the entry's request; meanwhile its files are marked uploading and the next entry (if it may go) is resolved. */
export async function send(
  run: DrainRun,
  entry: OutboxEntry,
  request: ResolvedRequest,
  next: OutboxEntry | undefined,
): Promise<TransportResponse> {
  const { db, transport } = run.options;
  const marking = entry.request.kind === 'upload' && tablesReadable(db) ? markUploading(db, entry.request.fileLocalIds) : undefined;
  const sending = transport(request, entry.idempotencyKey);
  if (next && next.state !== 'needs_attention' && (!next.owner || next.owner === run.owner)) {
    run.prefetched = resolveEntry(db, next);
    run.prefetched.catch(() => undefined); // awaited (and its error surfaced) when its turn comes
  }
  const response = await sending;
  await marking;
  return response;
}
