import type { InputHTMLAttributes, ReactNode } from 'react';
import { useController, type Control } from 'react-hook-form';
import { fieldMaxLength } from '../../../domain';
import { SearchableDropdown, type DropdownOption } from '../../components/searchable-dropdown';
import { useT } from '../../i18n/use-t';
import { borrowerInputId, NORMALISE, type BorrowerTextField, type BorrowerValues } from './borrower-fields';

type CommonProps = {
  name: BorrowerTextField;
  control: Control<BorrowerValues>;
  label: string;
  /** The field's message from the last check, shown under it. */
  error?: string;
  /** A note that does not block (the voter ID's check digit). */
  warning?: string;
  /** Ids of notes elsewhere that describe the field. */
  describedBy?: string[];
};

type InputProps = CommonProps &
  Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'readOnly' | 'placeholder' | 'onFocus' | 'onBlur'> & {
    /** Replaces the plain update (the pincode clears city, district and state and looks them up). */
    onValue?: (value: string) => void;
    /** Shown instead of the value (the masked Aadhaar). */
    display?: string;
    /** Beside the input: a verify button or its tick. */
    action?: ReactNode;
    /** Under the input: notes. */
    children?: ReactNode;
    /** Takes the whole row of the grid (an address). */
    wide?: boolean;
  };

/** The message and warning under a field; their ids describe the field. */
export function FieldMessages({ id, error, warning }: { id: string; error?: string; warning?: string }) {
  const { tm } = useT();
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

export const describedIds = (id: string, error?: string, warning?: string, more: string[] = []) =>
  [error ? `${id}-error` : '', warning ? `${id}-warning` : '', ...more].filter(Boolean).join(' ') || undefined;

/** One labelled input of the borrower form; what is typed is normalised first. */
export function BorrowerInput({ name, control, label, error, warning, describedBy = [], onValue, display, action, children, onBlur, wide, ...input }: InputProps) {
  const { field } = useController({ name, control });
  const id = borrowerInputId(name);
  return (
    <div className={wide ? 'field borrower-field borrower-field--wide' : 'field borrower-field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className={action ? 'field-action' : undefined}>
        <input
          {...input}
          maxLength={fieldMaxLength(name)}
          id={id}
          name={field.name}
          ref={field.ref}
          className="field-input"
          value={display ?? field.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedIds(id, error, warning, describedBy)}
          onBlur={(event) => {
            field.onBlur();
            onBlur?.(event);
          }}
          onChange={(event) => {
            const value = NORMALISE[name]?.(event.target.value) ?? event.target.value;
            if (onValue) onValue(value);
            else field.onChange(value);
          }}
        />
        {action}
      </div>
      {children}
      <FieldMessages id={id} error={error} warning={warning} />
    </div>
  );
}

type DropdownProps = CommonProps & { options: readonly DropdownOption[]; disabled?: boolean };

/** A choice of the borrower form, through the shared searchable dropdown (labels translated). */
export function BorrowerDropdown({ name, control, label, error, describedBy = [], options, disabled }: DropdownProps) {
  const { tm } = useT();
  const { field } = useController({ name, control });
  return (
    <SearchableDropdown
      id={borrowerInputId(name)}
      name={field.name}
      ref={field.ref}
      label={label}
      value={field.value}
      options={options.map((option) => ({ value: option.value, label: tm(option.label) }))}
      error={error}
      disabled={disabled}
      describedBy={describedBy.filter(Boolean).join(' ') || undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
