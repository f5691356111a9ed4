/** The form kit: every step's form is composed of these (see ARCHITECTURE.md "Patterns every step follows"). */
export { DocumentGroup } from './document-group';
export { DraftStatus } from './draft-status';
export { FieldMessages, SelectField, TextField } from './form-fields';
export { FormSection } from './form-section';
export { joinIds, type FieldOption } from './option-label';
export { fieldElement, useFocusRefusal, useShowFirstError } from './show-first-error';
export { useDraftAutosave, type DraftAutosave } from './use-draft-autosave';
export { useQueuedSubmit, type FormError, type SubmitOutcome, type SubmitPlan } from './use-queued-submit';
export { checkStepForm, firstFormError, useStepForm, type DomainSchema, type FormText } from './use-step-form';
export { refusalField, SUBMIT_FAILED, submitFailureMessage } from './step-outcome';
export { DateField } from './date-field';
