/**
 * Calendar dates for forms: strict parsing of the four accepted spellings, display and wire
 * formats, and age in full years. No clock is read here: callers pass `today`.
 */
export type CalendarDate = { year: number; month: number; day: number };

const DAY_FIRST = /^(\d{2})([-/])(\d{2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})([-/])(\d{2})\2(\d{2})$/;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a real calendar day (31-02 and 29-02 of a non-leap year are not). */
export function isCalendarDate(d: CalendarDate): boolean {
  return (
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    d.year >= 1000 &&
    d.year <= 9999 &&
    d.month >= 1 &&
    d.month <= 12 &&
    d.day >= 1 &&
    d.day <= daysInMonth(d.year, d.month)
  );
}

/**
 * Parses DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD or YYYY/MM/DD (two-digit day and month, one
 * separator kind per date). Returns null for anything else, including impossible dates.
 */
export function parseDate(input: string | null | undefined): CalendarDate | null {
  const text = (input ?? '').trim();
  const dayFirst = DAY_FIRST.exec(text);
  const yearFirst = dayFirst ? null : YEAR_FIRST.exec(text);
  let date: CalendarDate | null = null;
  if (dayFirst) date = { day: Number(dayFirst[1]), month: Number(dayFirst[3]), year: Number(dayFirst[4]) };
  if (yearFirst) date = { year: Number(yearFirst[1]), month: Number(yearFirst[3]), day: Number(yearFirst[4]) };
  return date && isCalendarDate(date) ? date : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** DD-MM-YYYY: how dates are shown. */
export const formatDisplayDate = (d: CalendarDate) => `${pad(d.day)}-${pad(d.month)}-${pad(d.year, 4)}`;
/** YYYY-MM-DD: how dates are sent and stored. */
export const formatIsoDate = (d: CalendarDate) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** Any accepted spelling to DD-MM-YYYY, or null. */
export function toDisplayDate(input: string | null | undefined): string | null {
  const d = parseDate(input);
  return d ? formatDisplayDate(d) : null;
}
/** Any accepted spelling to YYYY-MM-DD, or null. */
export function toIsoDate(input: string | null | undefined): string | null {
  const d = parseDate(input);
  return d ? formatIsoDate(d) : null;
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. */
export const compareDates = (a: CalendarDate, b: CalendarDate) => a.year - b.year || a.month - b.month || a.day - b.day;

// Building an Intl formatter costs far more than using one; a server asks for "today" per request.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar day of an instant in a time zone (India by default), so a server running in UTC
 * and a phone in IST agree on "today". Pure: the instant is passed in.
 */
export function calendarDateOf(instant: Date, timeZone = 'Asia/Kolkata'): CalendarDate {
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Where dates are shown (DECISIONS.md "Loan offer"): India, whatever the phone's or the server's zone. */
export const DISPLAY_TIME_ZONE = 'Asia/Kolkata';

/** An instant (ISO text or epoch ms) as DD-MM-YYYY in India: 2026-01-14T20:00Z is 15-01-2026. Null when it does not parse. */
export function formatInstantDate(instant: string | number | null | undefined): string | null {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant ?? '');
  return Number.isFinite(ms) ? formatDisplayDate(calendarDateOf(new Date(ms), DISPLAY_TIME_ZONE)) : null;
}

let timeFormatter: Intl.DateTimeFormat | undefined;
/** An instant as DD-MM-YYYY hh:mm AM/PM in India (spec 01 §5 "Date display with time"). */
export function formatInstantDateTime(ms: number): string {
  timeFormatter ??= new Intl.DateTimeFormat('en-GB', { timeZone: DISPLAY_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h12' });
  const parts = timeFormatter.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${formatInstantDate(ms)} ${part('hour').padStart(2, '0')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/**
 * Age in full years on `today`: one year more exactly on the birthday, not the day before.
 * Someone born on 29-02 turns a year older on 01-03 in non-leap years (28-02 is still before
 * the birthday) and on 29-02 in leap years. A `today` before the birth date gives a negative age.
 */
export function ageOn(dob: CalendarDate, today: CalendarDate): number {
  const years = today.year - dob.year;
  const beforeBirthday = today.month < dob.month || (today.month === dob.month && today.day < dob.day);
  return beforeBirthday ? years - 1 : years;
}

/** Age in full years from a date string in any accepted spelling, or null when it does not parse. */
export function ageFromDob(dob: string | null | undefined, today: CalendarDate): number | null {
  const d = parseDate(dob);
  return d ? ageOn(d, today) : null;
}
