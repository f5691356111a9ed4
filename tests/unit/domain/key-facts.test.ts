import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../../src/domain/shared/dates';
import { disclosedAprHundredths, irrAprHundredths, keyFacts } from '../../../src/domain/offer/key-facts';
import { repaymentSchedule, upfrontCharges } from '../../../src/domain/offer/loan-maths';

// Issue 22: interest only for the days the money is out, and the APR on the actual dates
// (DECISIONS.md "Loan offer", "Key Fact Statement"). Every expected figure below was worked out
// once by an independent calculator (Python, exact fractions for the schedule, 60-digit decimal
// bisection for the APR), not by the code under test. Money in paise.
//
// First instalment: interest = P × annual rate × days / 365; principal = EMI − P·r.
//   ₹75,000 at 24%: EMI ₹7,092; P·r = ₹1,500; regular principal 7,092 − 1,500 = ₹5,592.
//   16 days: 75,000 × 0.24 × 16 / 365 = 789.041 -> ₹789.04; instalment 5,592 + 789.04 = ₹6,381.04.
// Later instalments: interest = balance × 2% to the paisa; the last repays the balance.
// APR = 12 × i where Σ CF_k (1 + i)^(−days_k × 12 / 365) = net disbursed.

const d = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });
const MFI = 2400;
const USL = 2100;
const rupees = (r: number) => r * 100;

describe('first period: interest for the actual days from disbursement to the first due date', () => {
  it('₹75,000 at 24% for 12 months disbursed on 20-01-2026 (16 days), row by row', () => {
    const rows = repaymentSchedule(rupees(75000), MFI, 12, d(2026, 1, 20));
    // [days from disbursement, instalment, principal, interest, closing balance]
    expect(rows.map((r) => [r.days, r.emi, r.principal, r.interest, r.balance])).toEqual([
      [16, 638104, 559200, 78904, 6940800], // 16 days: 789.04 of interest; a short first instalment
      [44, 709200, 570384, 138816, 6370416], // 69,408 × 2% = 1,388.16
      [75, 709200, 581792, 127408, 5788624],
      [105, 709200, 593428, 115772, 5195196],
      [136, 709200, 605296, 103904, 4589900],
      [166, 709200, 617402, 91798, 3972498],
      [197, 709200, 629750, 79450, 3342748],
      [228, 709200, 642345, 66855, 2700403],
      [258, 709200, 655192, 54008, 2045211],
      [289, 709200, 668296, 40904, 1376915],
      [319, 709200, 681662, 27538, 695253],
      [350, 709158, 695253, 13905, 0], // the last absorbs rounding: 6,952.53 + 139.05
    ]);
    expect(rows[0]!.date).toEqual(d(2026, 2, 5));
    expect(rows[11]!.date).toEqual(d(2027, 1, 5));
    expect(rows.map((r) => r.opening).slice(0, 2)).toEqual([7500000, 6940800]);
  });

  it.each([
    // disbursed, first due date, days, first instalment, its interest, total interest, APR hundredths
    // The 21st: 43 days; 75,000 × 0.24 × 43 / 365 = 2,120.548 -> 2,120.55; instalment 7,712.55 (longer than a month)
    [d(2026, 1, 21), d(2026, 3, 5), 43, 771255, 212055, 1072413, 3018],
    // The 31st: 33 days; 1,627.397 -> 1,627.40
    [d(2026, 1, 31), d(2026, 3, 5), 33, 721940, 162740, 1023098, 3049],
    // December, on the 20th: 16 days to 05-01-2027
    [d(2026, 12, 20), d(2027, 1, 5), 16, 638104, 78904, 939262, 3138],
    // December, on the 21st: 46 days to 05-02-2027; 2,268.493 -> 2,268.49
    [d(2026, 12, 21), d(2027, 2, 5), 46, 786049, 226849, 1087207, 3045],
    // Leap day 29-02-2028: 36 days to 05-04-2028; 1,775.342 -> 1,775.34
    [d(2028, 2, 29), d(2028, 4, 5), 36, 736734, 177534, 1037892, 3048],
  ])('disbursed %j: first due %j after %i days', (disbursed, due, days, first, interest, totalInterest, apr) => {
    const kfs = keyFacts({ amount: rupees(75000), annualRateBps: MFI, months: 12, disbursed }, upfrontCharges(rupees(75000)));
    expect(kfs.emiStartDate).toEqual(due);
    expect([kfs.schedule[0]!.days, kfs.schedule[0]!.emi, kfs.schedule[0]!.principal, kfs.schedule[0]!.interest]).toEqual([
      days,
      first,
      559200,
      interest,
    ]);
    // From the second instalment on the schedule is the same whatever the first period was.
    expect(kfs.schedule[1]).toMatchObject({ emi: 709200, principal: 570384, interest: 138816, balance: 6370416 });
    expect(kfs.schedule[11]).toMatchObject({ emi: 709158, principal: 695253, interest: 13905, balance: 0 });
    expect(kfs.totalInterest).toBe(totalInterest);
    expect(kfs.totalPayable).toBe(7500000 + totalInterest);
    expect(kfs.netDisbursed).toBe(7248000); // 75,000 − 1,500 − 270 − 750
    expect(kfs.aprHundredths).toBe(apr);
  });
});

describe('APR on actual dates, both loan types, shortest and longest tenure', () => {
  it.each([
    // amount (₹), rate, months, disbursed, net (paise), last instalment, total interest, APR hundredths
    [75000, MFI, 12, d(2026, 1, 15), 7248000, 709158, 963920, 3130], // 31.303459%
    [75000, MFI, 12, d(2026, 1, 21), 7248000, 709158, 1072413, 3018], // 30.179635%
    [125000, MFI, 24, d(2026, 1, 15), 12080000, 660557, 3283860, 2785], // 27.849038%
    [125000, MFI, 24, d(2026, 1, 21), 12080000, 660557, 3464682, 2746], // 27.457801%
    [100000, USL, 12, d(2026, 1, 15), 9664000, 931599, 1119521, 2823], // 28.227822%
    [100000, USL, 12, d(2026, 1, 21), 9664000, 931599, 1246096, 2715], // 27.151069%
    [500000, USL, 36, d(2026, 1, 15), 48320000, 1881488, 17543598, 2362], // 23.620990%
    [500000, USL, 36, d(2026, 1, 21), 48320000, 1881488, 18176474, 2342], // 23.416986%
  ])('₹%i at %i bps for %i months disbursed %j', (amount, bps, months, disbursed, net, last, totalInterest, apr) => {
    const kfs = keyFacts({ amount: rupees(amount), annualRateBps: bps, months, disbursed }, upfrontCharges(rupees(amount)));
    expect(kfs.netDisbursed).toBe(net);
    expect(kfs.schedule).toHaveLength(months);
    expect(kfs.schedule.at(-1)!.emi).toBe(last);
    expect(kfs.totalInterest).toBe(totalInterest);
    expect(kfs.aprHundredths).toBe(apr);
  });

  it('solves to well under 0.005 points: exact one-month cases round as they should', () => {
    // Receive 100, pay 101 after 365/12 days... days are whole, so use a year: 12 × ((1.12)^(1/12) − 1) = 11.3866%.
    expect(irrAprHundredths(10000, [{ days: 365, amount: 11200 }])).toBe(1139);
    // Receive 100, pay 100: nothing above what was received.
    expect(irrAprHundredths(10000, [{ days: 30, amount: 10000 }])).toBe(0);
    expect(irrAprHundredths(10000, [])).toBe(0);
  });
});

describe('APR is never below the nominal rate while a fee exists', () => {
  it('the default fees: above the rate for every amount step, tenure and first period', () => {
    const cases = [
      [75000, 125000, MFI, [12, 18, 24]],
      [100000, 500000, USL, [12, 18, 24, 30, 36]],
    ] as const;
    for (const [min, max, bps, tenures] of cases)
      for (let amount = min; amount <= max; amount += 25000)
        for (const months of tenures)
          for (const disbursed of [d(2026, 1, 1), d(2026, 1, 20), d(2026, 1, 21), d(2026, 1, 31), d(2028, 2, 29)]) {
            const kfs = keyFacts({ amount: rupees(amount), annualRateBps: bps, months, disbursed }, upfrontCharges(rupees(amount)));
            // The IRR itself, not the floor, is above the rate.
            const irr = irrAprHundredths(
              kfs.netDisbursed,
              kfs.schedule.map((r) => ({ days: r.days, amount: r.emi })),
            );
            expect(irr, `${amount} ${months} ${JSON.stringify(disbursed)}`).toBeGreaterThan(bps);
          }
  });

  it('a fee of 0.01% after a 43-day first period: the IRR (23.88%) is below 24%, so 24.00% is shown', () => {
    // Simple interest for 43 days costs less than monthly compounding; hand IRR 23.879208%.
    const charges = upfrontCharges(rupees(75000), { feeBps: 1, gstBps: 0, insuranceBps: 0 });
    expect(charges.total).toBe(750); // ₹7.50
    const kfs = keyFacts({ amount: rupees(75000), annualRateBps: MFI, months: 12, disbursed: d(2026, 1, 21) }, charges);
    const irr = irrAprHundredths(
      kfs.netDisbursed,
      kfs.schedule.map((r) => ({ days: r.days, amount: r.emi })),
    );
    expect(irr).toBe(2388);
    expect(kfs.aprHundredths).toBe(2400);
    // Without any fee the IRR is what it is (hand: 23.860852%).
    const free = keyFacts(
      { amount: rupees(75000), annualRateBps: MFI, months: 12, disbursed: d(2026, 1, 21) },
      { processingFee: 0, gstOnFee: 0, insurance: 0, total: 0 },
    );
    expect(free.aprHundredths).toBe(2386);
    expect(disclosedAprHundredths(2500, 2400, 1)).toBe(2500);
  });
});

describe('principal sums to the amount, the final balance is exactly 0', () => {
  it('every ₹2,500 step, tenure and first period of both loan types', () => {
    const cases = [
      [75000, 125000, MFI, [12, 18, 24]],
      [100000, 500000, USL, [12, 18, 24, 30, 36]],
    ] as const;
    for (const [min, max, bps, tenures] of cases)
      for (let amount = min; amount <= max; amount += 2500)
        for (const months of tenures)
          for (const disbursed of [d(2026, 1, 20), d(2026, 1, 21), d(2028, 2, 29)]) {
            const rows = repaymentSchedule(rupees(amount), bps, months, disbursed);
            const where = `${amount} ${months} ${JSON.stringify(disbursed)}`;
            expect(
              rows.reduce((a, r) => a + r.principal, 0),
              where,
            ).toBe(rupees(amount));
            expect(rows.at(-1)!.balance, where).toBe(0);
            const consistent = rows.every(
              (r) => r.emi === r.principal + r.interest && r.opening - r.principal === r.balance && r.principal > 0,
            );
            expect(consistent, where).toBe(true);
          }
  });
});
