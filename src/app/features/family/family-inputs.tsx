import type { InputHTMLAttributes } from 'react';
import { useController, type Control } from 'react-hook-form';
import { fieldMaxLength } from '../../../domain';
import { SearchableDropdown, type DropdownOption } from '../../components/searchable-dropdown';
import { NORMALISE, type FamilyTextField, type FamilyValues } from './family-fields';

type CommonProps = {
  name: FamilyTextField;
  control: Control<FamilyValues>;
  label: string;
  /** The field the error banner's message is about. */
  invalid?: boolean;
  /** Ids of the notes that describe the field (a hint, the error banner). */
  describedBy?: string[];
};

export const familyInputId = (name: FamilyTextField) => `family-${name}`;

type InputProps = CommonProps &
  Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'maxLength' | 'placeholder' | 'readOnly'> & {
    /** Replaces the plain update (the pincode clears city and state and looks them up). */
    onValue?: (value: string) => void;
  };

/** One labelled input of the family member form; what is typed is normalised first. */
export function FamilyInput({ name, control, label, invalid, describedBy = [], onValue, ...input }: InputProps) {
  const { field } = useController({ name, control });
  const id = familyInputId(name);
  const described = describedBy.filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        {...input}
        maxLength={input.maxLength ?? fieldMaxLength(name)}
        id={id}
        name={field.name}
        ref={field.ref}
        className="field-input"
        value={field.value}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        onBlur={field.onBlur}
        onChange={(event) => {
          const value = NORMALISE[name]?.(event.target.value) ?? event.target.value;
          if (onValue) onValue(value);
          else field.onChange(value);
        }}
      />
    </div>
  );
}

type DropdownProps = CommonProps & { options: readonly DropdownOption[] };

/** A choice of the family member form, through the shared searchable dropdown. */
export function FamilyDropdown({ name, control, label, describedBy = [], options }: DropdownProps) {
  const { field } = useController({ name, control });
  const described = describedBy.filter(Boolean).join(' ');
  return (
    <SearchableDropdown
      id={familyInputId(name)}
      name={field.name}
      ref={field.ref}
      label={label}
      value={field.value}
      options={options}
      describedBy={described || undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
