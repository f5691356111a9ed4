/** The form kit: every step's form is composed of these (see ARCHITECTURE.md "Patterns every step follows"). */
export { DocumentGroup, type GroupDocument } from './document-group';
export { DraftStatus } from './draft-status';
export { FieldMessages, SelectField, TextField } from './form-fields';
export { FormSection } from './form-section';
export { joinIds, useOptionLabels, type FieldOption } from './option-label';
export { fieldElement, useFocusRefusal, useShowFirstError } from './show-first-error';
export { DRAFT_SAVE_FAILED, useDraftAutosave, type DraftAutosave } from './use-draft-autosave';
export { useQueuedSubmit, type FormError, type SubmitOutcome, type SubmitPlan } from './use-queued-submit';
export { checkStepForm, firstFormError, useStepForm, type DomainSchema, type FormText, type StepCheck } from './use-step-form';
export { notifyStepSubmitted, refusalField, refusalMessage, SUBMIT_FAILED, submitFailureMessage } from './step-outcome';
export { stepKitText } from './step-kit.text';
export { DateField, typeDate } from './date-field';
