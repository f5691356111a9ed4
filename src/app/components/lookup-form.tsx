import type { FormEvent, InputHTMLAttributes, Ref } from 'react';
import { NeedsConnection } from './needs-connection';
import { useOnline } from './use-online';

type LookupFormProps = {
  /** The input's id; its error is `${id}-error` and its offline note `${id}-offline`. */
  id: string;
  label: string;
  value: string;
  /** The typed text; the screen normalises it and clears its last answer. */
  onChange: (value: string) => void;
  /** What the field is (name, type, inputMode, autoCapitalize, maxLength...). */
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;
  inputRef: Ref<HTMLInputElement>;
  /** Shown under the field, already in the screen's language. */
  error: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
};

/**
 * One field and a search button that asks the server (resume by mobile, track by tracker id):
 * the error under the field, and the button disabled offline with 'Needs connection'.
 */
export function LookupForm({
  id,
  label,
  value,
  onChange,
  input,
  inputRef,
  error,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
}: LookupFormProps) {
  const online = useOnline();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="lookup-form" noValidate onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className="field-input"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || !online}
        aria-describedby={online ? undefined : `${id}-offline`}
      >
        {busy ? busyLabel : submitLabel}
      </button>
      {!online && <NeedsConnection id={`${id}-offline`} />}
    </form>
  );
}
