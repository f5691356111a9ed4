import type { LocalRecord } from '../../db/records';
import { isObject } from '../../../domain/shared/is-object';

/** A deviation as the review section lists it: the borrower's, or a co-applicant's. */
export type ReviewDeviation = {
  type: string;
  status: string;
  remarks: string | null;
  /** Set for a co-applicant's deviation (the decision call names it). */
  coApplicantId?: string;
  /** Whose deviation it is: the co-applicant's name, or undefined for the borrower. */
  whose?: string;
};

function read(list: unknown, extra: Pick<ReviewDeviation, 'coApplicantId' | 'whose'>): ReviewDeviation[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter(isObject)
    .filter((d) => typeof d.type === 'string' && d.type !== '')
    .map((d) => ({
      type: d.type as string,
      status: d.status === 'APPROVED' || d.status === 'REJECTED' ? d.status : 'PENDING',
      remarks: typeof d.remarks === 'string' && d.remarks.trim() ? d.remarks : null,
      ...extra,
    }));
}

/**
 * The deviations of an application (DECISIONS "Review workflow"): the application's own, then
 * each active co-applicant's, as the server last answered (a co-applicant's own copy when the
 * server has not seen it yet is not listed: it cannot be decided before it arrives).
 */
export function deviationsOf(server: Record<string, unknown> | undefined, coApplicants: readonly LocalRecord[]): ReviewDeviation[] {
  const own = read(server?.deviations, {});
  const theirs = coApplicants
    .filter((record) => record.server && record.server.status !== 'REPLACED')
    .flatMap((record) => {
      const view = record.server!;
      const name = typeof view.name === 'string' && view.name.trim() ? view.name.trim() : record.localId;
      return read(view.deviations, { coApplicantId: record.localId, whose: name });
    });
  return [...own, ...theirs];
}
