import { formatInstantDate, toDisplayDate } from '../../../domain';

/** Spec 02 §9: amounts in Indian rupees with 2 decimals, e.g. ₹1,00,000.00. */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatRupees = (amount: number | null | undefined): string => (typeof amount === 'number' ? RUPEES.format(amount) : '—');

/** YYYY-MM-DD to DD-MM-YYYY (how dates are shown), or a dash. */
export const showDate = (iso: string | null | undefined): string => toDisplayDate(iso) ?? '—';

/** An ISO instant to DD-MM-YYYY in India (an acceptance at 00:30 IST is that day, not the UTC day before). */
export const showInstantDate = (instant: string | undefined): string => formatInstantDate(instant) ?? '—';
