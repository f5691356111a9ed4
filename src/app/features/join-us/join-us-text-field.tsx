import { fieldMaxLength } from '../../../domain';
import { useT } from '../../i18n/use-t';
import type { TextFieldSpec } from './join-us-fields';

type JoinUsTextFieldProps = {
  spec: TextFieldSpec;
  value: string;
  readOnly?: boolean;
  invalid?: boolean;
  /** Ids of the notes that describe the field (a hint, the error banner). */
  describedBy?: string[];
  onChange: (value: string) => void;
};

/** One labelled text input of the registration form. */
export function JoinUsTextField({ spec, value, readOnly, invalid, describedBy = [], onChange }: JoinUsTextFieldProps) {
  const { t } = useT();
  const id = `join-us-${spec.name}`;
  const described = describedBy.filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t(spec.label)}
      </label>
      <input
        id={id}
        name={spec.name}
        className="field-input"
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        autoCapitalize={spec.autoCapitalize}
        maxLength={fieldMaxLength(spec.name)}
        value={value}
        readOnly={readOnly}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
