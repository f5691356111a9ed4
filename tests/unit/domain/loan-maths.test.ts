import { describe, expect, it } from 'vitest';
import { emiExact, emiPaise, emiStartDate, percentToBps, roundHalfUp, shareOf, upfrontCharges } from '../../../src/domain/offer/loan-maths';
import type { CalendarDate } from '../../../src/domain/shared/dates';

const d = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });
const MFI = 2400; // 24% p.a. in basis points: r = 0.02 a month
const USL = 2100; // 21% p.a.: r = 0.0175 a month

describe('rounding to the rupee, half up', () => {
  it.each([
    [5n, 2n, 3n], // 2.5 -> 3
    [7n, 3n, 2n], // 2.33 -> 2
    [8n, 3n, 3n], // 2.67 -> 3
    [0n, 7n, 0n],
  ])('%s / %s = %s', (num, den, expected) => expect(roundHalfUp(num, den)).toBe(expected));
  it('reads config rates as basis points', () => {
    expect(percentToBps(24)).toBe(2400);
    expect(percentToBps(21.25)).toBe(2125);
  });
});

describe('EMI = P·r·(1+r)^n / ((1+r)^n − 1), exact, to the rupee', () => {
  it.each([
    // MFI minimum amount, shortest tenure: (1.02)^12 = 1.2682417946; 75000 × 0.02 × 1.26824 / 0.26824 = 7091.97 -> 7092
    [75000, MFI, 12, 7092],
    // MFI maximum amount, longest tenure: (1.02)^24 = 1.6084372495; 125000 × 0.02 × 1.60844 / 0.60844 = 6608.89 -> 6609
    [125000, MFI, 24, 6609],
    // MFI maximum, shortest: 125000 × 0.02 × 1.26824 / 0.26824 = 11819.95 -> 11820
    [125000, MFI, 12, 11820],
    // Unsecured minimum, shortest: (1.0175)^12 = 1.2314393149; 100000 × 0.0175 × 1.23144 / 0.23144 = 9311.38 -> 9311
    [100000, USL, 12, 9311],
    // Unsecured maximum, longest: (1.0175)^36 = 1.8674072660; 500000 × 0.0175 × 1.86741 / 0.86741 = 18837.53 -> 18838
    [500000, USL, 36, 18838],
    // Unsecured minimum, longest: 100000 × 0.0175 × 1.86741 / 0.86741 = 3767.51 -> 3768
    [100000, USL, 36, 3768],
    // A zero rate is P / n: 75000 / 12 = 6250
    [75000, 0, 12, 6250],
  ])('%i at %i bps for %i months is %i', (amount, bps, months, expected) => expect(emiExact(amount, bps, months)).toBe(expected));

  it('in paise, still rounded to the rupee: ₹75,000.50 at 24% for 12 months is ₹7,092', () => {
    expect(emiPaise(7500000, MFI, 12)).toBe(709200);
    expect(emiPaise(7500050, MFI, 12)).toBe(709200); // 7092.02 -> 7092
  });

  it('refuses amounts that are not whole rupees', () => {
    expect(() => emiExact(75000.5, MFI, 12)).toThrow(RangeError);
    expect(emiExact(0, MFI, 12)).toBe(0);
  });
});

describe('processing fee, GST and insurance, in paise, each to the paisa', () => {
  it.each([
    // 2% of ₹75,000 = ₹1,500; 18% of 1,500 = 270; 1% = 750; total 2,520
    [7500000, { processingFee: 150000, gstOnFee: 27000, insurance: 75000, total: 252000 }],
    // 2,500; 450; 1,250; 4,200
    [12500000, { processingFee: 250000, gstOnFee: 45000, insurance: 125000, total: 420000 }],
    // 10,000; 1,800; 5,000; 16,800
    [50000000, { processingFee: 1000000, gstOnFee: 180000, insurance: 500000, total: 1680000 }],
    // 2% of 76,250 = 1,525; 18% of 1,525 = 274.50 (kept to the paisa, no longer 275); 1% = 762.50; total 2,562.00
    [7625000, { processingFee: 152500, gstOnFee: 27450, insurance: 76250, total: 256200 }],
    // 2% of 75,010 = 1,500.20; 18% of 1,500.20 = 270.036 -> 270.04; 1% = 750.10; total 2,520.34
    [7501000, { processingFee: 150020, gstOnFee: 27004, insurance: 75010, total: 252034 }],
  ])('%i paise', (amount, expected) => expect(upfrontCharges(amount)).toEqual(expected));

  it('shares in basis points round half up to the paisa', () => {
    expect(shareOf(1001, 5000)).toBe(501); // 500.5 -> 501
    expect(shareOf(1001, 4990)).toBe(499); // 499.499 -> 499
  });
});

describe('EMI start date', () => {
  it.each([
    [d(2026, 1, 20), d(2026, 2, 5)], // on the 20th: the 5th of the next month
    [d(2026, 1, 21), d(2026, 3, 5)], // on the 21st: the 5th of the month after
    [d(2026, 1, 1), d(2026, 2, 5)],
    [d(2026, 1, 31), d(2026, 3, 5)], // last day of a 31-day month
    [d(2026, 4, 30), d(2026, 6, 5)], // last day of a 30-day month
    [d(2026, 2, 28), d(2026, 4, 5)], // last day of February, common year
    [d(2026, 12, 20), d(2027, 1, 5)], // December, on the 20th: next year
    [d(2026, 12, 21), d(2027, 2, 5)], // December, after the 20th
    [d(2026, 12, 31), d(2027, 2, 5)],
    [d(2026, 11, 21), d(2027, 1, 5)], // November after the 20th crosses the year
    [d(2028, 2, 20), d(2028, 3, 5)], // leap February, on the 20th
    [d(2028, 2, 21), d(2028, 4, 5)],
    [d(2028, 2, 29), d(2028, 4, 5)], // leap day, last day of the month
    [d(2028, 1, 29), d(2028, 3, 5)],
  ])('disbursed %j: first EMI %j', (disbursed, expected) => expect(emiStartDate(disbursed)).toEqual(expected));
});

describe('the exact EMI against the floating-point formula', () => {
  it('agrees on every ₹1,000 step and tenure of both loan types (no float rounding crossed a boundary there)', () => {
    const float = (p: number, pct: number, n: number) => {
      const r = pct / 1200;
      const g = (1 + r) ** n;
      return Math.round((p * r * g) / (g - 1));
    };
    for (const [min, max, pct, tenures] of [
      [75000, 125000, 24, [12, 18, 24]],
      [100000, 500000, 21, [12, 18, 24, 30, 36]],
    ] as const)
      for (let p = min; p <= max; p += 1000) for (const n of tenures) expect(emiExact(p, pct * 100, n)).toBe(float(p, pct, n));
  });
});
