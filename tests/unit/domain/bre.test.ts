import { describe, expect, it } from 'vitest';
import {
  breDecision,
  breScore,
  householdExpenses,
  maxTenureForScore,
  monthlySurplus,
  suggestedAmount,
  type BusinessCpvFigures,
  type ResidenceCpvFigures,
} from '../../../src/domain/bre';

// Expenses 3000 + 4000 + 1000 + 500 + 700 + 300 + 500 = 10000.
const business = (monthly_sales: number, gross_margin_percentage: number): BusinessCpvFigures => ({
  monthly_sales,
  gross_margin_percentage,
  rent: 3000,
  salary: 4000,
  electricity_and_fuel: 1000,
  machinery_repairs: 500,
  transportation_and_petrol: 700,
  admin_operating_expenses: 300,
  others: 500,
});
// Household 2000 + 800 + 4000 + 1000 + 500 + 500 + 200 = 9000.
const house: ResidenceCpvFigures = {
  house_rent: 2000,
  house_electricity_and_water: 800,
  food_expenses: 4000,
  education_expenses: 1000,
  medical_expenses: 500,
  insurance_premiums: 500,
  house_others: 200,
};

describe('monthly surplus', () => {
  it('sales × margin − business expenses − household expenses', () => {
    expect(householdExpenses(house)).toBe(9000);
    expect(monthlySurplus(business(100000, 25), house)).toBe(6000); // 25000 − 10000 − 9000
    expect(monthlySurplus(business(50000, 20), house)).toBe(-9000); // 10000 − 19000: negative
    expect(monthlySurplus(business(100000, 12.5), house)).toBe(-6500); // 12500 − 19000
  });
  it('rounds gross profit to the rupee half up', () => {
    expect(monthlySurplus(business(100001, 50), house)).toBe(31001); // 50000.5 -> 50001; − 19000
    expect(monthlySurplus(business(100003, 12.5), house)).toBe(-6500); // 12500.375 -> 12500
    expect(monthlySurplus(business(100004, 12.5), house)).toBe(-6499); // 12500.5 -> 12501
  });
  it('refuses figures that are not whole non-negative rupees', () => {
    expect(() => monthlySurplus({ ...business(100000, 25), rent: -1 }, house)).toThrow(RangeError);
    expect(() => monthlySurplus(business(100000.5, 25), house)).toThrow(RangeError);
  });
});

describe('suggested amount', () => {
  it.each([
    // type, requested, surplus, suggested
    ['MFI_BUSINESS_LOAN', 100000, 10000, 100000], // min(100000, 120000)
    ['MFI_BUSINESS_LOAN', 125000, 8333, 99000], // 12 × 8333 = 99996 -> down to 99000
    ['MFI_BUSINESS_LOAN', 125000, 6250, 75000], // 12 × 6250 = 75000: the minimum itself
    ['MFI_BUSINESS_LOAN', 125000, 6249, null], // 74988 -> 74000 < 75000
    ['MFI_BUSINESS_LOAN', 125000, 6334, 76000], // 76008 -> 76000
    ['MFI_BUSINESS_LOAN', 125000, 20000, 125000], // 240000 capped at the maximum
    ['MFI_BUSINESS_LOAN', 75500, 20000, 75000], // requested 75500 -> down to 75000
    ['MFI_BUSINESS_LOAN', 100000, 0, null],
    ['MFI_BUSINESS_LOAN', 100000, -9000, null],
    ['UNSECURED_BUSINESS_LOAN', 500000, 50000, 500000], // 600000 capped at 500000
    ['UNSECURED_BUSINESS_LOAN', 500000, 41667, 500000], // 500004 capped
    ['UNSECURED_BUSINESS_LOAN', 500000, 8334, 100000], // 100008 -> 100000
    ['UNSECURED_BUSINESS_LOAN', 500000, 8333, null], // 99996 -> 99000 < 100000
  ] as const)('%s requested %i, surplus %i: %j', (type, requested, surplus, expected) =>
    expect(suggestedAmount(type, requested, surplus)).toBe(expected),
  );
});

describe('score and max tenure', () => {
  it.each([
    ['LAKSHMI', 742],
    ['RAMESH', 710],
    ['MOHAN', 768],
    ['SUNITA', 725],
    ['VIKRAM', 590],
    [' lakshmi ', 742],
    ['ANITA', 700],
    ['constructor', 700],
    [null, 700],
  ])('%j scores %i', (persona, score) => expect(breScore(persona)).toBe(score));

  it.each([
    ['UNSECURED_BUSINESS_LOAN', 768, 36],
    ['UNSECURED_BUSINESS_LOAN', 750, 36], // ≥ 750: the longest
    ['UNSECURED_BUSINESS_LOAN', 749, 24], // 700-749: 24
    ['UNSECURED_BUSINESS_LOAN', 700, 24],
    ['UNSECURED_BUSINESS_LOAN', 699, 18], // below 700: 18
    ['UNSECURED_BUSINESS_LOAN', 590, 18],
    ['MFI_BUSINESS_LOAN', 750, 24], // the MFI longest is 24
    ['MFI_BUSINESS_LOAN', 749, 24],
    ['MFI_BUSINESS_LOAN', 699, 18],
  ] as const)('%s score %i: max %i months', (type, score, months) => expect(maxTenureForScore(type, score)).toBe(months));
});

describe('decision', () => {
  // 200000 × 25% = 50000 − 19000 = 31000; 12 × 31000 = 372000.
  const rich = business(200000, 25);
  it('approves with the suggested amount and the tenure band', () => {
    expect(breDecision('UNSECURED_BUSINESS_LOAN', 300000, 742, rich, house)).toEqual({
      decision: 'APPROVED',
      reasons: [],
      score: 742,
      surplus: 31000,
      suggestedAmount: 300000,
      maxTenure: 24,
    });
  });
  it('650 passes, 649 is LOW_BRE_SCORE', () => {
    expect(breDecision('MFI_BUSINESS_LOAN', 100000, 650, rich, house).decision).toBe('APPROVED');
    expect(breDecision('MFI_BUSINESS_LOAN', 100000, 649, rich, house)).toMatchObject({ decision: 'REJECTED', reasons: ['LOW_BRE_SCORE'] });
  });
  it('insufficient surplus, alone and with a low score', () => {
    // 100000 × 25% − 19000 = 6000; 72000 < 75000
    expect(breDecision('MFI_BUSINESS_LOAN', 100000, 768, business(100000, 25), house)).toMatchObject({
      decision: 'REJECTED',
      reasons: ['INSUFFICIENT_SURPLUS'],
      surplus: 6000,
      suggestedAmount: null,
    });
    expect(breDecision('MFI_BUSINESS_LOAN', 100000, 590, business(100000, 25), house).reasons).toEqual([
      'LOW_BRE_SCORE',
      'INSUFFICIENT_SURPLUS',
    ]);
  });
});
