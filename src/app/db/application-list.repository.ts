import type { SahyogDb } from './db';
import type { ApplicationListRow } from './records';
import { guardQuota } from './storage-errors';

/** A list row as the server sends it (without the device's own keys). */
export type ListRowInput = Omit<ApplicationListRow, 'key' | 'owner' | 'seenAt'>;

export type ListRowQuery = { owner: string; page: number; size: number; search?: string; status?: string };
export type ListRowPage = { list: ApplicationListRow[]; total_pages: number; total_elements: number };

const rowKey = (owner: string, id: string) => `${owner}:${id}`;

/** Keeps the rows a user was shown (newest server copy wins), for the list offline. */
export async function keepListRows(db: SahyogDb, owner: string, rows: readonly ListRowInput[], now = Date.now()): Promise<void> {
  if (rows.length === 0) return;
  await guardQuota(() => db.listRows.bulkPut(rows.map((row) => ({ ...row, key: rowKey(owner, row.id), owner, seenAt: now }))));
}

/** Updates what this phone knows of one application the user has seen (after a move, say). */
export async function updateListRow(db: SahyogDb, owner: string, id: string, changes: Partial<ListRowInput>): Promise<void> {
  await db.listRows.update(rowKey(owner, id), changes);
}

const digits = (text: string) => text.replace(/\D/g, '');

/** Whether a row matches the search box: name (any part), mobile (digits) or tracker id. */
export function matchesSearch(row: Pick<ApplicationListRow, 'name' | 'phone' | 'tracker_id'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  if ((row.name ?? '').toLowerCase().includes(needle)) return true;
  if ((row.tracker_id ?? '').toLowerCase().includes(needle)) return true;
  const needleDigits = digits(needle);
  return needleDigits.length > 0 && needleDigits === needle.replace(/\s/g, '') && (row.phone ?? '').includes(needleDigits);
}

/** The list's status filter on a row: a status, or RESUBMITTED (PD1_REVIEW that the officer resubmitted). */
const matchesStatus = (row: ApplicationListRow, status: string | undefined): boolean =>
  !status || (status === 'RESUBMITTED' ? row.status === 'PD1_REVIEW' && row.resubmitted === true : row.status === status);

/** The rows a user has seen, newest update first, searched, filtered and paged like the server's list. */
export async function searchListRows(db: SahyogDb, query: ListRowQuery): Promise<ListRowPage> {
  const rows = await db.listRows.where('[owner+updated_at]').between([query.owner, ''], [query.owner, '\uffff']).reverse().toArray();
  const matching = rows.filter((row) => matchesStatus(row, query.status) && matchesSearch(row, query.search ?? ''));
  const start = query.page * query.size;
  return {
    list: matching.slice(start, start + query.size),
    total_pages: Math.ceil(matching.length / query.size),
    total_elements: matching.length,
  };
}
