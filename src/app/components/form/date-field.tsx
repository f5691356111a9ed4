import type { FieldValues } from 'react-hook-form';
import { digitsOnly } from '../../../domain';
import { useKitT } from '../../i18n/feature-text';
import { TextField, type TextFieldProps } from './form-fields';
import './step-kit.text';

/** DD-MM-YYYY as it is typed: digits only, dashes put in (spec 02 §5: dates day-month-year). */
export function typeDate(raw: string): string {
  const digits = digitsOnly(raw, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('-');
}

/** The one date field of the forms (issue 21 D18): typed as digits, shown DD-MM-YYYY, with the format said under it. */
export function DateField<T extends FieldValues>({ describedBy = [], children, normalise = typeDate, ...props }: TextFieldProps<T>) {
  const { t } = useKitT();
  const hintId = `${props.id}-format`;
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      placeholder="DD-MM-YYYY"
      {...props}
      normalise={normalise}
      describedBy={[hintId, ...describedBy]}
    >
      <p id={hintId} className="field-note">
        {t('step.dateHint')}
      </p>
      {children}
    </TextField>
  );
}
