import { said } from '../../kernels/messages';

/** Messages of the application API (docs/application-api.md); the spec's own are verbatim. */
export const APPLICATION_MSG = {
  /** Spec 02 §4, verbatim. */
  nameMismatch: said('application.nameMismatch'),
  /** Spec 02 §4, verbatim. */
  noIncompleteApplication: said('application.noIncompleteApplication'),
  invalidMobileNumber: said('app.invalidMobileNumber'),
  invalidFile: said('application.invalidFile'),
  invalidDeviations: said('application.invalidDeviations'),
  invalidRemarks: said('deviationDecision.remarksTooLong'),
  mobileNotVerified: said('application.mobileNotVerified'),
  panNotVerified: said('application.panNotVerified'),
  voterIdNotVerified: said('application.voterIdNotVerified'),
  borrowerStepFirst: said('application.borrowerStepFirst'),
  changedMeanwhile: said('application.changedMeanwhile'),
} as const;

/** 409 for a step that the application's status no longer allows. */
export const stepClosedMessage = (status: string) => `This step can no longer be changed: the application is ${status}.`;
