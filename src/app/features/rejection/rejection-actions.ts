import { DESIGNATIONS, mayEverDo, policyAllows, type Designation } from '../../../domain';
import type { LocalApplication } from '../../db/records';
import type { RejectionSubject } from './rejection-reasons';

export type RejectionActions = {
  changeLoanType: boolean;
  addGuarantor: boolean;
  startNew: boolean;
  /** A reviewer's way on: back to the applications list. */
  backToList: boolean;
};

const isDesignation = (value: string | null | undefined): value is Designation => (DESIGNATIONS as readonly string[]).includes(value ?? '');

/**
 * The rejection page's ways out for the caller, as the access policy allows them (issue 21 D15):
 * Change Loan Type is the application's update (the borrower step while it is a draft), Add
 * Another guarantor adds a record, and a new application is the borrower step, the officer's.
 * A reviewer gets none of them, only the way back to the list.
 */
export function rejectionActions(
  designation: string | null | undefined,
  app: LocalApplication,
  subject: RejectionSubject,
  byEngine: boolean,
): RejectionActions {
  const status = typeof app.server?.status === 'string' ? app.server.status : (app.status ?? '');
  // A rejection the page does not know as final is the bureau's (rejectionSubject).
  const data = { bureau_deviation_exists: !subject.final };
  const may = (action: Parameters<typeof policyAllows>[2]) => policyAllows(designation, status, action, data);
  const creates = isDesignation(designation) && mayEverDo(designation, 'borrower-step');
  const open = !subject.final && !byEngine;
  return {
    changeLoanType: open && creates && (may('update-application') || may('borrower-step')),
    addGuarantor: !subject.final && subject.type === 'GUARANTOR' && may('add-record'),
    startNew: creates,
    backToList: !creates,
  };
}
