import { digitsOnly, LIMITS } from '../../domain';

/**
 * The 10-digit local number from what was typed, pasted or autofilled: digits only, capped at
 * 10. An autofilled `+91 98765 43210` or `098765 43210` loses its country or trunk prefix.
 */
export function toLocalMobile(raw: string): string {
  let digits = digitsOnly(raw);
  const max = LIMITS.mobileLength;
  if (digits.length > max) {
    if (raw.trim().startsWith('+91') || (digits.length === max + 2 && digits.startsWith('91'))) digits = digits.slice(2);
    else if (digits.length === max + 1 && digits.startsWith('0')) digits = digits.slice(1);
  }
  return digits.slice(0, max);
}
