import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { fieldMaxLength } from '../../../domain';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useT } from '../../i18n/use-t';
import { digitsIn, type KycFieldSpec, type KycValues } from './kyc-fields';

type KycFieldProps = {
  spec: KycFieldSpec;
  control: Control<KycValues>;
  register: UseFormRegister<KycValues>;
  /** The banner's message when this is the first failing field (the banner shows it). */
  error?: string;
  errorId: string;
  readOnly?: boolean;
};

/** One labelled field of the KYC form. */
export function KycField({ spec, control, register, error, errorId, readOnly }: KycFieldProps) {
  const { t } = useT();
  const id = `kyc-${spec.name}`;
  const invalid = error !== undefined;

  if (spec.kind === 'select') {
    return (
      <div className="field">
        <Controller
          control={control}
          name={spec.name}
          render={({ field }) => (
            <SearchableDropdown
              id={id}
              name={spec.name}
              label={t(spec.label)}
              ref={field.ref}
              value={field.value}
              options={spec.options.map((option) => ({ value: option.value, label: t(option.label) }))}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              describedBy={invalid ? errorId : undefined}
              disabled={readOnly}
            />
          )}
        />
      </div>
    );
  }

  const common = {
    id,
    className: 'field-input',
    readOnly,
    maxLength: fieldMaxLength(spec.name),
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
  };
  return (
    <div className={spec.kind === 'textarea' ? 'field field--wide' : 'field'}>
      <label htmlFor={id} className="field-label">
        {t(spec.label)}
      </label>
      {spec.kind === 'textarea' ? (
        <textarea {...common} rows={3} {...register(spec.name)} />
      ) : spec.kind === 'number' ? (
        <Controller
          control={control}
          name={spec.name}
          render={({ field }) => (
            <input
              {...common}
              ref={field.ref}
              name={field.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(digitsIn(event.target.value))}
            />
          )}
        />
      ) : (
        <input {...common} type="text" autoComplete="off" autoCapitalize={spec.autoCapitalize} {...register(spec.name)} />
      )}
    </div>
  );
}
