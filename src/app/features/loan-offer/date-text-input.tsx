import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { toDisplayDate, toIsoDate } from '../../../domain';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** The date as kept (YYYY-MM-DD). */
  value: string;
  /** A complete date as YYYY-MM-DD; anything else as typed (the caller's check then refuses it). */
  onChange: (value: string) => void;
};

/**
 * A date typed and shown as DD-MM-YYYY, as every date of the app (issue 21 D20): a browser's
 * own date input follows the phone's locale (12/10/2026 in US English).
 */
export function DateTextInput({ value, onChange, ...input }: Props) {
  const [text, setText] = useState(() => toDisplayDate(value) ?? value);
  // A date set from outside (an answer, a reset) replaces what is shown; the typing's own does not.
  useEffect(() => {
    setText((shown) => (toIsoDate(shown) === value ? shown : (toDisplayDate(value) ?? value)));
  }, [value]);
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="DD-MM-YYYY"
      maxLength={10}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(toIsoDate(event.target.value) ?? event.target.value);
      }}
    />
  );
}
