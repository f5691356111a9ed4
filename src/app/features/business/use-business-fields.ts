import { useWatch } from 'react-hook-form';
import { businessDetailsSchema, businessDetailsWarnings, refusedWhenBlank } from '../../../domain';
import { fieldElement, useFocusRefusal } from '../../components/form';
import { STATEMENT_FIELDS } from './business-banks';
import { BUSINESS_DOCUMENTS, businessBinding, businessFileField, businessInputId, type BusinessValues } from './business-fields';
import type { useBusinessForm } from './use-business-form';

/** The id of the business form's refusal banner, which its fields name. */
export const BUSINESS_ERROR_ID = 'business-error';

/**
 * What the business form's fields show for its values now: the refusal (focused on its field),
 * each field's binding, the GST warning and the uploads Submit needs.
 */
export function useBusinessFields(
  { form, queued }: Pick<ReturnType<typeof useBusinessForm>, 'form' | 'queued'>,
  borrowerPan: string | undefined,
) {
  const values = useWatch({ control: form.control }) as BusinessValues;
  const { error } = queued;
  const invalidField = error?.field;

  useFocusRefusal(queued.refusals, error, BUSINESS_ERROR_ID, (field) => fieldElement(businessInputId(field), businessFileField(field)));

  const errorOf = (name: string) => (invalidField === name ? error?.message : undefined);
  const bound = businessBinding(form.control, errorOf, BUSINESS_ERROR_ID);
  const warnings = businessDetailsWarnings({ gst_no: values.gst_no }, borrowerPan);

  // The uploads Submit needs with these values, marked before it (issue 31 N14).
  const required = refusedWhenBlank(businessDetailsSchema, values, [...BUSINESS_DOCUMENTS.map((doc) => doc.field), ...STATEMENT_FIELDS]);
  return { values, error, invalidField, errorOf, bound, gstWarning: warnings[0]?.message, required };
}
