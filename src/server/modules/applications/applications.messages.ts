import { APPLICATION_CHANGED_MEANWHILE } from '../../kernels/access';

/** Messages of the application API (docs/application-api.md); the spec's own are verbatim. */
export const APPLICATION_MSG = {
  /** Spec 02 §4, verbatim. */
  nameMismatch: 'Name mismatch detected. Please review or continue with deviation.',
  /** Spec 02 §4, verbatim. */
  noIncompleteApplication: 'No Incomplete Application Found',
  invalidMobileNumber: 'Invalid mobile number',
  invalidFile: 'Invalid file',
  invalidDeviations: 'Invalid deviations',
  invalidRemarks: 'Remarks must be at most 1000 characters',
  mobileNotVerified: "Verify the borrower's mobile number before continuing.",
  panNotVerified: 'Verify the PAN before continuing.',
  voterIdNotVerified: 'Verify the voter ID before continuing.',
  borrowerStepFirst: "Submit the borrower's details before the KYC details.",
  changedMeanwhile: APPLICATION_CHANGED_MEANWHILE,
} as const;

/** 409 for a step that the application's status no longer allows. */
export const stepClosedMessage = (status: string) => `This step can no longer be changed: the application is ${status}.`;
