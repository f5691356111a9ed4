// An application's records as the steps write and answer them: the step write, the co-applicants' rows.
export { blanksToNull, clientIdOf, listCoApplicantRows, loadRecordFor, recordAccessBeforeBody, todayAt } from './application-records';
export { mandateUmrnOf } from './mandate-umrn';
export { stepAnswer, writeStep, type StepAnswer, type StepCallAction } from './step-record';
