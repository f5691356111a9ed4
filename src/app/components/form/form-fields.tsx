import type { InputHTMLAttributes, ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldMaxLength } from '../../../domain';
import { useKitT, type AnyTextKey } from '../../i18n/feature-text';
import { SearchableDropdown } from '../searchable-dropdown';
import { joinIds, useOptionLabels, type FieldOption } from './option-label';
import { useFrameApplication } from '../application-frame/frame-application';

type FieldProps<T extends FieldValues> = {
  /** The schema's field name: the value's key, the length limit, the message's path. */
  name: FieldPath<T>;
  // any: a field reads and writes the raw values only; the form's context and its resolver's
  // parsed output type do not matter to it.
  control: Control<T, any, any>;
  /** The input's id (each form names its ids; its tests and focus rules use them). */
  id: string;
  label: AnyTextKey;
  /** The field's message, shown under it. */
  error?: string;
  /**
   * The element that announces the message instead of the one under the field (a form with one
   * banner): the field is described by it.
   */
  errorId?: string;
  /** A note that does not block (the voter ID's check digit). */
  warning?: string;
  /** Ids of notes elsewhere that describe the field. */
  describedBy?: (string | false | null | undefined)[];
  /** Extra classes of the field's box (a wide field, a form's own grid cell). */
  className?: string;
};

/** The message and warning under a field; their ids describe it. */
export function FieldMessages({ id, error, warning }: { id: string; error?: string; warning?: string }) {
  const { tm } = useKitT();
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {tm(error)}
        </p>
      )}
      {warning && (
        <p id={`${id}-warning`} className="field-warning">
          {tm(warning)}
        </p>
      )}
    </>
  );
}

const fieldDescription = (
  id: string,
  { error, errorId, warning, describedBy = [] }: Pick<FieldProps<FieldValues>, 'error' | 'errorId' | 'warning' | 'describedBy'>,
) => joinIds(error && !errorId && `${id}-error`, warning && `${id}-warning`, ...describedBy, error && errorId);

export type TextFieldProps<T extends FieldValues> = FieldProps<T> &
  Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'readOnly' | 'placeholder' | 'onFocus' | 'onBlur' | 'maxLength'
  > & {
    /** What the field keeps of what is typed (digits only, upper case). */
    normalise?: (value: string) => string;
    /** Replaces the plain update (a pincode also clears and looks up its place). */
    onValue?: (value: string) => void;
    /** Shown instead of the value (a masked Aadhaar). */
    display?: string;
    /** Beside the input: a verify button or its tick. */
    action?: ReactNode;
    /** The class of the row holding the input and its action. */
    actionClassName?: string;
    /** Under the input: notes. */
    children?: ReactNode;
    multiline?: boolean;
  };

/** A labelled text input bound to the form: typed text normalised, its message under it. */
export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const {
    name,
    control,
    id,
    label,
    error,
    errorId,
    warning,
    describedBy,
    className,
    normalise,
    onValue,
    display,
    action,
    actionClassName = 'field-action',
    children,
    multiline,
    onBlur,
    maxLength,
    ...input
  } = props;
  const { t } = useKitT();
  const { field } = useController({ name, control });
  const frameReadOnly = useFrameApplication()?.readOnly === true;
  const common = {
    id,
    name: field.name,
    className: 'field-input',
    value: display ?? (field.value as string),
    readOnly: input.readOnly || frameReadOnly || undefined,
    maxLength: maxLength ?? fieldMaxLength(name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescription(id, { error, errorId, warning, describedBy }),
    onBlur: (event: React.FocusEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      field.onBlur();
      onBlur?.(event as React.FocusEvent<HTMLInputElement>);
    },
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = normalise?.(event.target.value) ?? event.target.value;
      if (onValue) onValue(value);
      else field.onChange(value);
    },
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field-label">
        {t(label)}
      </label>
      <div className={action ? actionClassName : undefined}>
        {multiline ? (
          <textarea {...common} ref={field.ref} rows={3} />
        ) : (
          <input {...input} {...common} ref={field.ref} type={input.type ?? 'text'} />
        )}
        {action}
      </div>
      {children}
      <FieldMessages id={id} error={error} warning={warning} />
    </div>
  );
}

export type SelectFieldProps<T extends FieldValues> = FieldProps<T> & { options: readonly FieldOption[]; disabled?: boolean };

/** A choice bound to the form, through the shared searchable dropdown; label and options translated here. */
export function SelectField<T extends FieldValues>({
  name,
  control,
  id,
  label,
  error,
  errorId,
  describedBy = [],
  options,
  disabled,
  className,
}: SelectFieldProps<T>) {
  const { t } = useKitT();
  const labels = useOptionLabels();
  const { field } = useController({ name, control });
  const frameReadOnly = useFrameApplication()?.readOnly === true;
  const dropdown = (
    <SearchableDropdown
      id={id}
      name={field.name}
      ref={field.ref}
      label={t(label)}
      value={field.value as string}
      options={labels(options)}
      error={error}
      disabled={disabled || frameReadOnly}
      describedBy={joinIds(...describedBy, error && errorId)}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
  return className ? <div className={className}>{dropdown}</div> : dropdown;
}
