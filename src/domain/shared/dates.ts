/**
 * Calendar dates through dayjs (the product's date library): strict parsing of the four accepted
 * spellings, display and wire formats, day and month arithmetic, India's date of an instant, and
 * the project's own rules on top (age in full years, working days). No clock is read here:
 * callers pass `today` or the instant.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

// Only the utc plugin: the spellings are four fixed patterns (below), and India keeps one offset
// all year, so neither customParseFormat nor timezone (with its zone lookups) is worth its bytes
// on a phone's precache.
dayjs.extend(utc);

export type CalendarDate = { year: number; month: number; day: number };

/** A day as dayjs at midnight UTC, so that day and month arithmetic meets no zone or summer time. */
const dayOf = (d: CalendarDate): Dayjs => dayjs.utc(Date.UTC(d.year, d.month - 1, d.day));
const calendarDate = (day: Dayjs): CalendarDate => ({ year: day.year(), month: day.month() + 1, day: day.date() });

/** The four spellings (DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD, YYYY/MM/DD): two-digit day and month, one separator kind per date. */
const DAY_FIRST = /^(\d{2})([-/])(\d{2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})([-/])(\d{2})\2(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day if it is a real one (31-04 and 29-02 of a common year are not), years 1000 to 9999: dayjs must give it back unchanged. */
function realDay(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1000) return null;
  const date = { year, month, day };
  const back = calendarDate(dayOf(date));
  return back.year === year && back.month === month && back.day === day ? date : null;
}

/**
 * Parses DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD or YYYY/MM/DD. Returns null for anything else,
 * including impossible dates.
 */
export function parseDate(input: string | null | undefined): CalendarDate | null {
  const text = (input ?? '').trim();
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return realDay(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  const yearFirst = YEAR_FIRST.exec(text);
  return yearFirst ? realDay(Number(yearFirst[1]), Number(yearFirst[3]), Number(yearFirst[4])) : null;
}

/** Exactly YYYY-MM-DD (no spaces, no other spelling) and a real day, or null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const iso = ISO.exec(text);
  return iso ? realDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

/** DD-MM-YYYY: how dates are shown. */
export const formatDisplayDate = (d: CalendarDate) => dayOf(d).format('DD-MM-YYYY');
/** YYYY-MM-DD: how dates are sent and stored. */
export const formatIsoDate = (d: CalendarDate) => dayOf(d).format('YYYY-MM-DD');

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

/** Calendar days from `from` to `to` (negative when `to` is before). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number => dayOf(to).diff(dayOf(from), 'day');
/** Calendar days from YYYY-MM-DD `from` to YYYY-MM-DD `to`; NaN when either is not a real day. */
export function isoDaysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return a && b ? daysBetween(a, b) : NaN;
}
/** Negative, zero or positive as `a` is before, equal to or after `b`. */
export const compareDates = (a: CalendarDate, b: CalendarDate) => daysBetween(b, a);
/** `d` plus `days` days. */
export const addDays = (d: CalendarDate, days: number): CalendarDate => calendarDate(dayOf(d).add(days, 'day'));

/**
 * Where dates are shown (DECISIONS.md "Loan offer"): India (Asia/Kolkata), whatever the phone's or
 * the server's zone. India keeps UTC+05:30 all year (no summer time since 1945): an offset, not a zone lookup.
 */
const INDIA_OFFSET_MINUTES = 330;

/** An instant (a Date or epoch ms) in India's time, to read or format. */
export const inIndia = (instant: Date | number): Dayjs => dayjs(instant).utcOffset(INDIA_OFFSET_MINUTES);

/** The first instant of the YYYY-MM-DD day `iso` in India. */
export const startOfDayInIndia = (iso: string): Dayjs =>
  dayjs.utc(iso).subtract(INDIA_OFFSET_MINUTES, 'minute').utcOffset(INDIA_OFFSET_MINUTES);

/** The zones a calendar day is taken in: India's (where dates are shown), or UTC's. */
const ZONE_OFFSET_MINUTES = { 'Asia/Kolkata': INDIA_OFFSET_MINUTES, UTC: 0 } as const;

/**
 * The calendar day of an instant in a time zone (India by default), so a server running in UTC
 * and a phone in IST agree on "today". Pure: the instant is passed in.
 */
export const calendarDateOf = (instant: Date, timeZone: keyof typeof ZONE_OFFSET_MINUTES = 'Asia/Kolkata'): CalendarDate =>
  calendarDate(dayjs(instant).utcOffset(ZONE_OFFSET_MINUTES[timeZone]));

/** An instant (ISO text or epoch ms) as DD-MM-YYYY in India: 2026-01-14T20:00Z is 15-01-2026. Null when it does not parse. */
export function formatInstantDate(instant: string | number | null | undefined): string | null {
  if (instant === null || instant === undefined) return null;
  const at = dayjs.utc(instant);
  return at.isValid() ? at.utcOffset(INDIA_OFFSET_MINUTES).format('DD-MM-YYYY') : null;
}

/** An instant as DD-MM-YYYY hh:mm AM/PM in India (spec 01 §5 "Date display with time"). */
export const formatInstantDateTime = (ms: number): string => inIndia(ms).format('DD-MM-YYYY hh:mm A');

/**
 * Age in full years on `today`: one year more exactly on the birthday, not the day before.
 * Someone born on 29-02 turns a year older on 01-03 in non-leap years (28-02 is still before
 * the birthday) and on 29-02 in leap years. A `today` before the birth date gives a negative age.
 * By hand on purpose: dayjs's year difference counts 28-02 as the birthday in common years.
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

/**
 * The due dates of `months` monthly instalments, each with its days from the disbursement: the
 * 5th of each month from the EMI start date, the 5th of the next month when disbursed on or
 * before the 20th, else of the month after (DECISIONS.md "Loan offer"). Each day is built from
 * its month number (past 12 it runs into the next year): 3 to 10 times faster than adding months.
 */
export function dueDates(disbursed: CalendarDate, months: number): { date: CalendarDate; days: number }[] {
  const from = dayOf(disbursed);
  const first = disbursed.month + (disbursed.day <= 20 ? 1 : 2);
  return Array.from({ length: months }, (_, k) => {
    const due = dayOf({ year: disbursed.year, month: first + k, day: 5 });
    return { date: calendarDate(due), days: due.diff(from, 'day') };
  });
}

/** The EMI start date: the first due date. */
export const emiStartDate = (disbursed: CalendarDate): CalendarDate => dueDates(disbursed, 1)[0]!.date;

/**
 * India's national holidays, closed every year whatever a tenant's list says: Republic Day,
 * Independence Day, Gandhi Jayanti. A tenant's own list adds its gazetted and state holidays.
 */
export const NATIONAL_HOLIDAYS = [
  { month: 1, day: 26 },
  { month: 8, day: 15 },
  { month: 10, day: 2 },
] as const;

/** A day off (YYYY-MM-DD): a Sunday, a national holiday or one of the tenant's `holidays` (YYYY-MM-DD). */
export function isDayOff(iso: string, holidays: readonly string[]): boolean {
  const day = dayjs.utc(iso);
  return day.day() === 0 || NATIONAL_HOLIDAYS.some((h) => h.month === day.month() + 1 && h.day === day.date()) || holidays.includes(iso);
}

/** The `count`-th working day after `from` (Monday to Saturday; the days off above skipped). */
export function addWorkingDays(from: CalendarDate, count: number, holidays: readonly string[]): CalendarDate {
  let day = from;
  for (let worked = 0; worked < count;) {
    day = addDays(day, 1);
    if (!isDayOff(formatIsoDate(day), holidays)) worked++;
  }
  return day;
}
