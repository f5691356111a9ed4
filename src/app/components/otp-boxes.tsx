import { useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { digitsOnly, LIMITS } from '../../domain';
import { useT } from '../i18n/use-t';

const COUNT = LIMITS.otpLength;
const GAP = ' ';

/** The digit in box `index` of a code kept as a string with spaces for empty boxes. */
export function digitAt(code: string, index: number): string {
  const char = code.charAt(index);
  return char === GAP ? '' : char;
}

/** Writes `digits` into the code from box `start` on; returns the new code, trailing gaps trimmed. */
export function writeDigits(code: string, start: number, digits: string): string {
  const boxes = Array.from({ length: COUNT }, (_, i) => digitAt(code, i) || GAP);
  for (let i = 0; i < digits.length && start + i < COUNT; i += 1) boxes[start + i] = digits.charAt(i);
  return boxes.join('').trimEnd();
}

type OtpBoxesProps = {
  value: string;
  onChange: (code: string) => void;
  labelledBy: string;
  firstBoxRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** The code was refused: each box is marked invalid and described by the message. */
  invalid?: boolean;
  describedBy?: string;
};

/**
 * Six single-digit boxes: typing advances, Backspace on an empty box goes back and clears it,
 * a pasted or autofilled code fills the boxes, arrows move between boxes.
 */
export function OtpBoxes({ value, onChange, labelledBy, firstBoxRef, disabled, invalid, describedBy }: OtpBoxesProps) {
  const { t } = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(COUNT - 1, index))];
    box?.focus();
    box?.select();
  };

  const fill = (index: number, raw: string) => {
    let digits = digitsOnly(raw);
    const current = digitAt(value, index);
    // Typed into a filled box whose text was not selected: keep the new digit only.
    if (digits.length === 2 && current !== '' && digits.includes(current)) {
      digits = digits.charAt(0) === current ? digits.charAt(1) : digits.charAt(0);
    }
    if (digits === '') {
      onChange(writeDigits(value, index, GAP));
      return;
    }
    // A whole code (paste or one-time-code autofill) always starts at the first box.
    const start = digits.length >= COUNT ? 0 : index;
    onChange(writeDigits(value, start, digits.slice(0, COUNT)));
    focusBox(start + digits.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digitAt(value, index) === '' && index > 0) {
      event.preventDefault();
      onChange(writeDigits(value, index - 1, GAP));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <div className="otp-boxes" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {Array.from({ length: COUNT }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
            if (index === 0 && firstBoxRef) assignRef(firstBoxRef, element);
          }}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('login.otpDigit', { index: index + 1, count: COUNT })}
          value={digitAt(value, index)}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onFocus={(event) => event.target.select()}
          onChange={(event) => fill(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
        />
      ))}
    </div>
  );
}

function assignRef<T>(ref: Ref<T>, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
