import { isRejectedCoApplicant, type CoApplicantSummary } from '../../../domain';
import type { LocalRecord } from '../../db/records';

/** The record as the list shows it: the phone's values over the server's view. */
export const recordView = (record: LocalRecord): Record<string, unknown> => ({
  ...record.server,
  ...record.values,
  ...pick(record.server),
});

/** What only the server decides: status, checks, replacement. */
function pick(server: Record<string, unknown> | undefined) {
  if (!server) return {};
  const { status, approval_checks, replaces_id } = server;
  return Object.fromEntries(Object.entries({ status, approval_checks, replaces_id }).filter(([, v]) => v !== undefined));
}

export function summaryOf(record: LocalRecord): CoApplicantSummary {
  const view = recordView(record);
  return {
    type: typeof view.type === 'string' ? view.type : '',
    status: typeof view.status === 'string' ? view.status : null,
    approval_checks: (view.approval_checks as CoApplicantSummary['approval_checks']) ?? null,
  };
}

export const isRejectedRecord = (record: LocalRecord) => isRejectedCoApplicant(summaryOf(record));

/**
 * Spec 02 §4: a replaced guarantor is hidden, whether the server said so (REPLACED) or its
 * replacement is still on its way from this phone.
 */
export function visibleCoApplicants(records: readonly LocalRecord[]): LocalRecord[] {
  const replaced = new Set<string>();
  for (const record of records) {
    if (record.syncState === 'needs_attention') continue;
    const view = recordView(record);
    for (const key of ['id_to_replace', 'replaces_id']) if (typeof view[key] === 'string') replaced.add(view[key] as string);
  }
  return records.filter((record) => summaryOf(record).status !== 'REPLACED' && !replaced.has(record.localId));
}

/** The entries that count for the loan's requirement: a refused submit has to be fixed first. */
export const countedSummaries = (records: readonly LocalRecord[]) =>
  records.filter((record) => record.syncState !== 'needs_attention').map(summaryOf);
