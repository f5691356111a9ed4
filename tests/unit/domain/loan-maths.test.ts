import { describe, expect, it } from 'vitest';
import {
  emiExact,
  emiStartDate,
  percentToBps,
  repaymentSchedule,
  roundHalfUp,
  shareOf,
  upfrontCharges,
} from '../../../src/domain/loan-maths';
import { aprHundredths, keyFacts } from '../../../src/domain/key-facts';
import type { CalendarDate } from '../../../src/domain/dates';

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

  it('refuses amounts that are not whole rupees', () => {
    expect(() => emiExact(75000.5, MFI, 12)).toThrow(RangeError);
    expect(emiExact(0, MFI, 12)).toBe(0);
  });
});

describe('processing fee, GST and insurance', () => {
  it.each([
    // 2% of 75000 = 1500; 18% of 1500 = 270; 1% of 75000 = 750; 1500 + 270 + 750 = 2520
    [75000, { processingFee: 1500, gstOnFee: 270, insurance: 750, total: 2520 }],
    // 2500; 450; 1250; 4200
    [125000, { processingFee: 2500, gstOnFee: 450, insurance: 1250, total: 4200 }],
    // 2000; 360; 1000; 3360
    [100000, { processingFee: 2000, gstOnFee: 360, insurance: 1000, total: 3360 }],
    // 10000; 1800; 5000; 16800
    [500000, { processingFee: 10000, gstOnFee: 1800, insurance: 5000, total: 16800 }],
    // 2% of 76250 = 1525; 18% of 1525 = 274.5 -> 275 (half up); 1% = 762.5 -> 763; total 2563
    [76250, { processingFee: 1525, gstOnFee: 275, insurance: 763, total: 2563 }],
    // 2% of 75010 = 1500.2 -> 1500; 270; 750.1 -> 750
    [75010, { processingFee: 1500, gstOnFee: 270, insurance: 750, total: 2520 }],
  ])('%i', (amount, expected) => expect(upfrontCharges(amount)).toEqual(expected));

  it('shares in basis points round half up', () => {
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

describe('repayment schedule', () => {
  it('75000 at 24% for 12 months, hand-computed row by row', () => {
    // EMI 7092; interest = balance × 0.02 to the rupee; principal = 7092 − interest.
    const rows = repaymentSchedule(75000, MFI, 12, d(2027, 1, 5));
    const expected = [
      [7092, 5592, 1500, 69408], // 75000 × 0.02 = 1500; 75000 − 5592
      [7092, 5704, 1388, 63704], // 69408 × 0.02 = 1388.16 -> 1388
      [7092, 5818, 1274, 57886], // 63704 × 0.02 = 1274.08
      [7092, 5934, 1158, 51952], // 1157.72 -> 1158
      [7092, 6053, 1039, 45899], // 1039.04
      [7092, 6174, 918, 39725], // 917.98 -> 918
      [7092, 6297, 795, 33428], // 794.50 -> 795 (half up)
      [7092, 6423, 669, 27005], // 668.56 -> 669
      [7092, 6552, 540, 20453], // 540.10
      [7092, 6683, 409, 13770], // 409.06
      [7092, 6817, 275, 6953], // 275.40
      [7092, 6953, 139, 0], // last: 6953 × 0.02 = 139.06 -> 139; principal 6953 = 7092 − 139 exactly
    ];
    expect(rows.map((r) => [r.emi, r.principal, r.interest, r.balance])).toEqual(expected);
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows[0]!.date).toEqual(d(2027, 1, 5));
    expect(rows[11]!.date).toEqual(d(2027, 12, 5));
  });

  it.each([
    // The last instalment absorbs the rounding: amount, bps, months, [last emi, principal, interest]
    [125000, MFI, 24, [6606, 6476, 130]], // 6476 × 0.02 = 129.52 -> 130; 6476 + 130
    [100000, USL, 12, [9317, 9157, 160]], // 9157 × 0.0175 = 160.2475 -> 160
    [500000, USL, 36, [18816, 18492, 324]], // 18492 × 0.0175 = 323.61 -> 324
  ])('%i at %i bps for %i months: principal sums to the amount, last balance 0', (amount, bps, months, last) => {
    const rows = repaymentSchedule(amount, bps, months, d(2026, 12, 5));
    expect(rows).toHaveLength(months);
    expect(rows.reduce((a, r) => a + r.principal, 0)).toBe(amount);
    expect(rows.at(-1)!.balance).toBe(0);
    expect([rows.at(-1)!.emi, rows.at(-1)!.principal, rows.at(-1)!.interest]).toEqual(last);
    for (const r of rows) expect(r.emi).toBe(r.principal + r.interest);
    expect(rows[1]!.date).toEqual(d(2027, 1, 5)); // December to January
  });

  it('holds for every amount step and tenure of both loan types', () => {
    const cases: [number, number, number, number][] = [
      [75000, 125000, MFI, 24],
      [100000, 500000, USL, 36],
    ];
    for (const [min, max, bps, longest] of cases)
      for (let amount = min; amount <= max; amount += 2500)
        for (const months of [12, 18, 24, 30, 36].filter((m) => m <= longest)) {
          const rows = repaymentSchedule(amount, bps, months, d(2026, 1, 5));
          expect(rows.reduce((a, r) => a + r.principal, 0)).toBe(amount);
          expect(rows.at(-1)!.balance).toBe(0);
          expect(rows.every((r) => r.principal > 0 && r.balance >= 0)).toBe(true);
        }
  });
});

/** An independent float NPV per rupee received, to check the APR brackets the IRR. */
const npv = (net: number, pays: number[], aprPercent: number) =>
  pays.reduce((s, p, i) => s + p / (1 + aprPercent / 1200) ** (i + 1), 0) - net;

describe('APR (Key Fact Statement)', () => {
  it('75000 at 24% for 12 months, disbursed on the 21st of November', () => {
    // Net 75000 − 1500 − 270 − 750 = 72480; 12 × 7092. The monthly IRR m solves
    // 72480 = 7092 × (1 − (1+m)^−12) / m: m = 0.0256102 -> 12 × m = 30.7323% -> 30.73.
    const kfs = keyFacts(75000, MFI, 12, d(2026, 11, 21));
    expect(kfs.emi).toBe(7092);
    expect(kfs.netDisbursed).toBe(72480);
    expect(kfs.emiStartDate).toEqual(d(2027, 1, 5));
    // Interest 1500 + 1388 + 1274 + 1158 + 1039 + 918 + 795 + 669 + 540 + 409 + 275 + 139 = 10104
    expect(kfs.totalInterest).toBe(10104);
    expect(kfs.totalPayable).toBe(85104); // 75000 + 10104 = 12 × 7092
    expect(kfs.aprPercent).toBe(30.73);
  });

  it.each([
    // amount, bps, months, net (amount − charges), total interest, APR
    // Net 125000 − 4200 = 120800; 23 × 6609 + 6606; IRR (high-precision bisection) 27.6484% -> 27.65
    [125000, MFI, 24, 120800, 33613, 27.65],
    // Net 100000 − 3360 = 96640; 11 × 9311 + 9317; 27.6847% -> 27.68
    [100000, USL, 12, 96640, 11738, 27.68],
    // Net 500000 − 16800 = 483200; 35 × 18838 + 18816; 23.5272% -> 23.53
    [500000, USL, 36, 483200, 178146, 23.53],
    // Net 76250 − 2563 = 73687; 17 × 5086 + 5085; 28.7001% -> 28.70
    [76250, MFI, 18, 73687, 15297, 28.7],
  ])('%i at %i bps for %i months', (amount, bps, months, net, interest, apr) => {
    const kfs = keyFacts(amount, bps, months, d(2026, 3, 10));
    expect(kfs.netDisbursed).toBe(net);
    expect(kfs.totalInterest).toBe(interest);
    expect(kfs.totalPayable).toBe(amount + interest);
    expect(kfs.aprPercent).toBe(apr);
    const pays = kfs.schedule.map((r) => r.emi);
    expect(npv(net, pays, apr - 0.005)).toBeGreaterThan(0);
    expect(npv(net, pays, apr + 0.005)).toBeLessThan(0);
  });

  it('rounds the second decimal exactly, half up, and is 0 when nothing is paid back above the amount', () => {
    // Receive 100, pay 101 after a month: m = 1% -> 12% = 1200 hundredths exactly.
    expect(aprHundredths(100, [101])).toBe(1200);
    // Receive 1000, pay 1001 after a month: m = 0.1% -> 1.2% = 120 hundredths.
    expect(aprHundredths(1000, [1001])).toBe(120);
    expect(aprHundredths(100, [100])).toBe(0);
    expect(aprHundredths(100, [])).toBe(0);
  });
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
