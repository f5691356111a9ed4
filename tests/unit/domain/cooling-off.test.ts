import { describe, expect, it } from 'vitest';
import { coolingOffQuote, coolingOffWorking, type CalendarDate } from '../../../src/domain';

// Issue 34 item 4: the cooling-off exit's amount (principal plus interest at the APR for the days
// held, no penalty, to the paisa) against an independent calculation: decimal strings worked
// digit by digit with the rounding done by hand, not the module's bigint fraction.

/** principal (paise) × apr (hundredths of a percent) × days / 3,650,000, rounded half up, by long division of decimal strings. */
function independentInterest(principalPaise: number, aprHundredths: number, days: number): number {
  const numerator = String(principalPaise * aprHundredths * days); // < 2^53 for these inputs
  const divisor = 3_650_000;
  let remainder = 0;
  let quotient = '';
  for (const digit of numerator) {
    remainder = remainder * 10 + Number(digit);
    quotient += String(Math.floor(remainder / divisor));
    remainder %= divisor;
  }
  const whole = Number(quotient);
  return remainder * 2 >= divisor ? whole + 1 : whole;
}

/** A small deterministic generator (mulberry32), so the 20 cases are the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const date = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });
const dayAfter = (d: CalendarDate, n: number): CalendarDate => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return date(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
};

describe('coolingOffQuote', () => {
  const next = random(34);
  const cases = Array.from({ length: 20 }, (_, i) => ({
    // ₹5,000 to ₹5,00,000 in whole rupees or with paise; APR 18% to 36%; 0 to 3 days after; across month and year ends.
    principal: i % 3 === 0 ? Math.round(5_000_00 + next() * 495_000_00) : Math.round(5_000 + next() * 495_000) * 100,
    apr: Math.round(1800 + next() * 1800),
    disbursed: dayAfter(date(2026, 1, 1), Math.floor(next() * 400)),
    held: i % 4,
  }));

  it.each(cases)('principal $principal paise at APR $apr for $held days', ({ principal, apr, disbursed, held }) => {
    const quote = coolingOffQuote({ principal, aprHundredths: apr, disbursed, exitDate: dayAfter(disbursed, held), coolingOffDays: 3 });
    const days = Math.max(1, held);
    const interest = independentInterest(principal, apr, days);
    expect(quote).toMatchObject({ principal, interest, total: principal + interest, days, within: true });
    // And as a float, to within half a paisa.
    expect(Math.abs(quote.interest - (principal * (apr / 10000) * days) / 365)).toBeLessThanOrEqual(0.5);
  });

  it('the window: the disbursement day through the tenant’s days after it, not before, not after', () => {
    const disbursed = date(2026, 1, 30);
    const at = (n: number, coolingOffDays = 3) =>
      coolingOffQuote({ principal: 10_000_00, aprHundredths: 2734, disbursed, exitDate: dayAfter(disbursed, n), coolingOffDays });
    expect([-1, 0, 1, 3, 4].map((n) => at(n).within)).toEqual([false, true, true, true, false]);
    expect(at(4, 5).within).toBe(true);
    expect(at(0).lastDay).toEqual(date(2026, 2, 2));
  });

  it('a worked example, and its working', () => {
    // ₹1,00,000 at 27.34% for 2 days: 1,00,000 × 0.2734 × 2 / 365 = 149.8082… → ₹149.81.
    const quote = coolingOffQuote({
      principal: 100_000_00,
      aprHundredths: 2734,
      disbursed: date(2026, 1, 15),
      exitDate: date(2026, 1, 17),
      coolingOffDays: 3,
    });
    expect(quote.interest).toBe(14981);
    expect(quote.total).toBe(100_149_81);
    expect(coolingOffWorking(quote)).toBe('₹1,00,000.00 × 27.34% × 2 / 365 = ₹149.81');
  });
});
