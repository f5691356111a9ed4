import { describe, expect, it } from 'vitest';
import { formatInstantDate, formatInstantDateTime } from '../../../src/domain/shared/dates';

// DECISIONS.md "Loan offer": dates shown in Asia/Kolkata (UTC+05:30), whatever the zone of the
// phone or the server. An instant before 05:30 in India is the UTC day before.
describe('instants shown in India', () => {
  it.each([
    ['2026-01-14T18:29:59.000Z', '14-01-2026'], // 23:59:59 IST
    ['2026-01-14T18:30:00.000Z', '15-01-2026'], // 00:00 IST: already the 15th (the UTC date says the 14th)
    ['2026-01-14T23:59:00.000Z', '15-01-2026'], // 05:29 IST
    ['2026-12-31T20:00:00.000Z', '01-01-2027'], // New Year in India first
  ])('%s is %s', (instant, shown) => expect(formatInstantDate(instant)).toBe(shown));

  it('with the time, 12-hour clock', () => {
    expect(formatInstantDateTime(Date.UTC(2026, 0, 14, 20, 0))).toBe('15-01-2026 01:30 AM');
    expect(formatInstantDateTime(Date.UTC(2026, 0, 15, 6, 30))).toBe('15-01-2026 12:00 PM');
    expect(formatInstantDateTime(Date.UTC(2026, 0, 14, 18, 30))).toBe('15-01-2026 12:00 AM');
    expect(formatInstantDateTime(Date.UTC(2026, 0, 15, 13, 45))).toBe('15-01-2026 07:15 PM');
  });

  it('nothing to show for text that is not an instant', () => {
    expect(formatInstantDate('')).toBeNull();
    expect(formatInstantDate(undefined)).toBeNull();
    expect(formatInstantDate('yesterday')).toBeNull();
  });
});
