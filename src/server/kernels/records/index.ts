// An application's records as the steps write and answer them: the step write, the co-applicants' rows, the answers' schemas.
export { blanksToNull, clientIdOf, listCoApplicantRows, loadRecordFor, recordAccessBeforeBody, todayAt } from './application-records';
export {
  applicationListPageResponse,
  applicationViewResponse,
  coApplicantViewResponse,
  familyMemberViewResponse,
  familySubmitAnswerResponse,
  fieldVerificationAnswerResponse,
  incompleteApplicationViewResponse,
  stepAnswerResponse,
} from './application-responses';
export { mandateUmrnOf } from './mandate-umrn';
export { stepAnswer, writeStep, type StepAnswer, type StepCallAction } from './step-record';
