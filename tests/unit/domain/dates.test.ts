import { describe, expect, it } from 'vitest';
import {
  ageFromDob,
  ageOn,
  calendarDateOf,
  compareDates,
  formatDisplayDate,
  formatIsoDate,
  parseDate,
  toDisplayDate,
  toIsoDate,
} from '../../../src/domain/shared/dates';

const d = (year: number, month: number, day: number) => ({ year, month, day });

describe('parseDate', () => {
  it.each([
    ['12-04-1985', d(1985, 4, 12)],
    ['12/04/1985', d(1985, 4, 12)],
    ['1985-04-12', d(1985, 4, 12)],
    ['1985/04/12', d(1985, 4, 12)],
    [' 29-02-2024 ', d(2024, 2, 29)],
    ['2000-02-29', d(2000, 2, 29)],
    ['31-12-1999', d(1999, 12, 31)],
  ])('accepts %s', (input, expected) => expect(parseDate(input)).toEqual(expected));

  it.each([
    '31-02-2000',
    '30-02-2024',
    '29-02-2023',
    '29-02-1900',
    '31-04-2020',
    '00-01-2020',
    '01-13-2020',
    '01-00-2020',
    '2023-02-29',
    '2020-13-01',
    '1-4-1985',
    '12-04-85',
    '12-04/1985',
    '1985-04/12',
    '12.04.1985',
    '19850412',
    '',
    'abc',
  ])('refuses %s', (input) => expect(parseDate(input)).toBeNull());
  it('refuses null and undefined', () => {
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });
});

describe('formatting', () => {
  it('shows DD-MM-YYYY and sends YYYY-MM-DD', () => {
    expect(formatDisplayDate(d(1985, 4, 2))).toBe('02-04-1985');
    expect(formatIsoDate(d(1985, 4, 2))).toBe('1985-04-02');
  });
  it('converts between spellings', () => {
    expect(toIsoDate('02/04/1985')).toBe('1985-04-02');
    expect(toDisplayDate('1985/04/02')).toBe('02-04-1985');
    expect(toIsoDate('31-02-1985')).toBeNull();
  });
  it('compares dates', () => {
    expect(compareDates(d(2020, 1, 2), d(2020, 1, 1))).toBeGreaterThan(0);
    expect(compareDates(d(2019, 12, 31), d(2020, 1, 1))).toBeLessThan(0);
    expect(compareDates(d(2020, 1, 1), d(2020, 1, 1))).toBe(0);
  });
  it('takes the Indian calendar day of an instant', () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in India.
    expect(calendarDateOf(new Date('2025-12-31T20:00:00Z'))).toEqual(d(2026, 1, 1));
    expect(calendarDateOf(new Date('2025-12-31T20:00:00Z'), 'UTC')).toEqual(d(2025, 12, 31));
  });
});

describe('ageOn', () => {
  const dob = d(2005, 6, 15);
  it('is exact on the birthday', () => {
    expect(ageOn(dob, d(2026, 6, 14))).toBe(20);
    expect(ageOn(dob, d(2026, 6, 15))).toBe(21);
    expect(ageOn(dob, d(2026, 6, 16))).toBe(21);
    expect(ageOn(dob, d(2026, 5, 31))).toBe(20);
    expect(ageOn(dob, d(2026, 7, 1))).toBe(21);
  });
  it('a 29-02 birthday turns older on 01-03 in non-leap years and on 29-02 in leap years', () => {
    const leap = d(2004, 2, 29);
    expect(ageOn(leap, d(2025, 2, 28))).toBe(20);
    expect(ageOn(leap, d(2025, 3, 1))).toBe(21);
    expect(ageOn(leap, d(2028, 2, 28))).toBe(23);
    expect(ageOn(leap, d(2028, 2, 29))).toBe(24);
  });
  it('reads any accepted spelling and refuses impossible dates', () => {
    expect(ageFromDob('15/06/2005', d(2026, 6, 15))).toBe(21);
    expect(ageFromDob('31-06-2005', d(2026, 6, 15))).toBeNull();
  });
});
