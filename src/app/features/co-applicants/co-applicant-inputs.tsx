import type { InputHTMLAttributes, ReactNode } from 'react';
import { useController, type Control } from 'react-hook-form';
import { fieldMaxLength } from '../../../domain';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useT } from '../../i18n/use-t';
import { NORMALISE, type CoApplicantField, type CoApplicantValues, type Option } from './co-applicant-fields';

export const coApplicantInputId = (name: CoApplicantField) => `co-applicant-${name}`;

type CommonProps = {
  name: CoApplicantField;
  control: Control<CoApplicantValues>;
  label: string;
  /** This field is the one the error banner's message is about. */
  invalid?: boolean;
  /** Ids of the notes that describe the field (a hint, the error banner). */
  describedBy?: (string | false | undefined)[];
};

type InputProps = CommonProps &
  Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'readOnly' | 'placeholder'> & {
    multiline?: boolean;
    /** Takes the whole row of a two-column section. */
    wide?: boolean;
    /** Replaces the plain update (the pincode looks its place up). */
    onValue?: (value: string) => void;
    /** Beside the input, e.g. a Verify button. */
    children?: ReactNode;
    /** Under the input, inside the field (e.g. the age from the date of birth). */
    note?: ReactNode;
  };

/** One labelled input of the co-applicant form; what is typed is normalised first. */
export function CoApplicantInput({ name, control, label, invalid, describedBy = [], onValue, multiline, wide, children, note, ...input }: InputProps) {
  const { field } = useController({ name, control });
  const id = coApplicantInputId(name);
  const described = describedBy.filter(Boolean).join(' ') || undefined;
  const change = (raw: string) => {
    const value = NORMALISE[name]?.(raw) ?? raw;
    if (onValue) onValue(value);
    else field.onChange(value);
  };
  const common = {
    id,
    name: field.name,
    className: 'field-input',
    value: field.value,
    readOnly: input.readOnly,
    maxLength: fieldMaxLength(name),
    'aria-invalid': invalid || undefined,
    'aria-describedby': described,
    onBlur: field.onBlur,
  };
  return (
    <div className={multiline || wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className={children ? 'co-applicant-field__row' : undefined}>
        {multiline ? (
          <textarea {...common} ref={field.ref} rows={3} onChange={(event) => change(event.target.value)} />
        ) : (
          <input {...input} {...common} ref={field.ref} type={input.type ?? 'text'} onChange={(event) => change(event.target.value)} />
        )}
        {children}
      </div>
      {note}
    </div>
  );
}

type DropdownProps = CommonProps & { options: readonly Option[]; disabled?: boolean };

/** A choice of the co-applicant form, through the shared searchable dropdown. */
export function CoApplicantDropdown({ name, control, label, describedBy = [], options, disabled }: DropdownProps) {
  const { t } = useT();
  const { field } = useController({ name, control });
  return (
    <SearchableDropdown
      id={coApplicantInputId(name)}
      name={field.name}
      ref={field.ref}
      label={label}
      value={field.value}
      options={options.map((option) => ({ value: option.value, label: t(option.label) }))}
      describedBy={describedBy.filter(Boolean).join(' ') || undefined}
      disabled={disabled}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
