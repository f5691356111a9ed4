import {
  keepListRows,
  searchListRows,
  updateListRow,
  type ListRowInput,
  type ListRowPage,
  type ListRowQuery,
} from './application-list.repository';
import { getDb } from './db';

export type { ListRowInput, ListRowPage, ListRowQuery } from './application-list.repository';

/** Named operations on the applications list kept on this phone, for screens. */
export const keepSeenApplications = (owner: string, rows: readonly ListRowInput[]) => keepListRows(getDb(), owner, rows);
export const readSeenApplications = (query: ListRowQuery): Promise<ListRowPage> => searchListRows(getDb(), query);
export const updateSeenApplication = (owner: string, id: string, changes: Partial<ListRowInput>) =>
  updateListRow(getDb(), owner, id, changes);
