import { describe, expect, it } from 'vitest';
import {
  addDays,
  addWorkingDays,
  calendarDateOf,
  daysBetween,
  dueDates,
  formatInstantDate,
  isDayOff,
  isoDaysBetween,
  parseDate,
  parseIsoDate,
  startOfDayInIndia,
} from '../../../src/domain/shared/dates';
import { emiStartDate, repaymentSchedule } from '../../../src/domain/offer/loan-maths';

// The edges where dayjs could differ from the hand-written arithmetic it replaced (issue 38 item 5).
// Expected days are worked out on a calendar.
const d = (year: number, month: number, day: number) => ({ year, month, day });

describe('months: the due dates from a month end', () => {
  it('31 January + 1 month: paid out on the 31st (after the 20th), the first EMI skips February to 5 March', () => {
    expect(emiStartDate(d(2026, 1, 31))).toEqual(d(2026, 3, 5));
    expect(emiStartDate(d(2026, 1, 20))).toEqual(d(2026, 2, 5));
    expect(emiStartDate(d(2028, 1, 31))).toEqual(d(2028, 3, 5));
  });

  it('each due date with its days from the disbursement, across a leap February', () => {
    // 31-01-2028 → 29-02-2028 is 29 days, → 05-03-2028 34; then 31 and 30 more.
    expect(dueDates(d(2028, 1, 31), 3)).toEqual([
      { date: d(2028, 3, 5), days: 34 },
      { date: d(2028, 4, 5), days: 65 },
      { date: d(2028, 5, 5), days: 95 },
    ]);
    expect(dueDates(d(2027, 1, 31), 1)).toEqual([{ date: d(2027, 3, 5), days: 33 }]);
    expect(dueDates(d(2026, 12, 15), 2)).toEqual([
      { date: d(2027, 1, 5), days: 21 },
      { date: d(2027, 2, 5), days: 52 },
    ]);
  });

  it('disbursed on 31 January, every instalment still falls on the 5th', () => {
    expect(emiStartDate(d(2026, 1, 31))).toEqual(d(2026, 3, 5));
    const dates = repaymentSchedule(100_000_00, 2400, 12, d(2026, 1, 31)).map((row) => row.date);
    expect(dates[0]).toEqual(d(2026, 3, 5));
    expect(dates[11]).toEqual(d(2027, 2, 5));
    expect(dates.every((date) => date.day === 5)).toBe(true);
  });
});

describe('leap days', () => {
  it('counts 29 February in days and in day arithmetic', () => {
    expect(daysBetween(d(2028, 2, 28), d(2028, 3, 1))).toBe(2);
    expect(daysBetween(d(2027, 2, 28), d(2027, 3, 1))).toBe(1);
    expect(daysBetween(d(2028, 1, 1), d(2029, 1, 1))).toBe(366);
    expect(daysBetween(d(2029, 1, 1), d(2028, 1, 1))).toBe(-366);
    expect(addDays(d(2028, 2, 28), 1)).toEqual(d(2028, 2, 29));
    expect(addDays(d(2028, 3, 1), -1)).toEqual(d(2028, 2, 29));
    expect(addDays(d(2100, 2, 28), 1)).toEqual(d(2100, 3, 1)); // 2100 is not a leap year
  });
  it('accepts 29-02 only in a leap year', () => {
    expect(parseDate('29-02-2000')).toEqual(d(2000, 2, 29)); // divisible by 400
    expect(parseDate('29-02-2100')).toBeNull();
    expect(parseDate('2028-02-29')).toEqual(d(2028, 2, 29));
  });
});

describe('strict parsing: an impossible day is refused, never rolled over', () => {
  it.each(['31-04-2000', '2000-02-30', '31/06/2026', '2026/09/31', '32-01-2026', '2026-00-10', '0999-01-01', '29-02-0999'])(
    'refuses %s',
    (text) => expect(parseDate(text)).toBeNull(),
  );
  it('YYYY-MM-DD only, when the wire format is asked for', () => {
    expect(parseIsoDate('2026-03-23')).toEqual(d(2026, 3, 23));
    expect(parseIsoDate('23-03-2026')).toBeNull();
    expect(parseIsoDate(' 2026-03-23')).toBeNull();
    expect(parseIsoDate('2026-3-23')).toBeNull();
    expect(isoDaysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(isoDaysBetween('2026-02-30', '2026-03-01')).toBeNaN();
  });
});

describe("India's date of an instant (UTC+05:30)", () => {
  it('18:30Z is already the next day in India; 18:29Z is not', () => {
    expect(calendarDateOf(new Date('2026-01-14T18:30:00Z'))).toEqual(d(2026, 1, 15));
    expect(calendarDateOf(new Date('2026-01-14T18:29:59.999Z'))).toEqual(d(2026, 1, 14));
    expect(calendarDateOf(new Date('2028-02-28T18:30:00Z'))).toEqual(d(2028, 2, 29));
    expect(formatInstantDate(Date.parse('2026-12-31T18:29:00Z'))).toBe('31-12-2026');
    expect(formatInstantDate(Date.parse('2026-12-31T18:30:00Z'))).toBe('01-01-2027');
  });
  it('a day in India starts at 18:30Z the day before', () => {
    expect(startOfDayInIndia('2026-01-15').toISOString()).toBe('2026-01-14T18:30:00.000Z');
    expect(startOfDayInIndia('2026-01-15').add(1, 'day').toISOString()).toBe('2026-01-15T18:30:00.000Z');
  });
});

describe('working days', () => {
  it('a Sunday, a national holiday and a tenant holiday are off; a Saturday is worked', () => {
    expect(isDayOff('2026-01-18', [])).toBe(true); // Sunday
    expect(isDayOff('2026-01-17', [])).toBe(false); // Saturday
    expect(isDayOff('2026-01-26', [])).toBe(true); // Republic Day, a Monday
    expect(isDayOff('2026-03-23', ['2026-03-23'])).toBe(true);
  });
  it('counts across a leap day and the year end', () => {
    expect(addWorkingDays(d(2028, 2, 26), 3, [])).toEqual(d(2028, 3, 1)); // Sat → Mon 28, Tue 29, Wed 1
    expect(addWorkingDays(d(2026, 12, 31), 1, ['2027-01-01'])).toEqual(d(2027, 1, 2));
  });
});
