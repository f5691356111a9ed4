import { formatInstantDateTime, toDisplayDate } from '../../../domain';

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees with 2 decimals (₹96,640.00), or a dash. */
export const rupees = (amount: number | null | undefined) => (typeof amount === 'number' ? RUPEES.format(amount) : '—');

/** DD-MM-YYYY of a YYYY-MM-DD, or a dash. */
export const day = (iso: string | null | undefined) => toDisplayDate(iso) ?? '—';

/** An instant as DD-MM-YYYY hh:mm AM/PM in India, or a dash. */
export const instant = (iso: string | null | undefined) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? formatInstantDateTime(ms) : '—';
};
