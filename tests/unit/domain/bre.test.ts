import { describe, expect, it } from 'vitest';
import {
  breDecision,
  breScore,
  defaultOfferTenure,
  householdExpenses,
  maxTenureForScore,
  monthlySurplus,
  monthlySurplusExact,
  suggestedAmount,
  type BusinessCpvFigures,
  type ResidenceCpvFigures,
} from '../../../src/domain/policy/bre';

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

describe('monthly surplus (in paise, nothing rounded until the end)', () => {
  it('sales × margin − business expenses − household expenses', () => {
    expect(householdExpenses(house)).toBe(9000);
    expect(monthlySurplus(business(100000, 25), house)).toBe(600000); // 25000 − 10000 − 9000 = ₹6,000
    expect(monthlySurplus(business(50000, 20), house)).toBe(-900000); // 10000 − 19000: negative
    expect(monthlySurplus(business(100000, 12.5), house)).toBe(-650000); // 12500 − 19000
  });
  it('keeps the gross profit exact (issue 22: it was rounded to the rupee before the expenses)', () => {
    // 100001 × 50% = 50000.50; − 19000 = 31000.50, exactly 310005000 ten-thousandths of a rupee
    expect(monthlySurplusExact(business(100001, 50), house)).toBe(310005000n);
    expect(monthlySurplus(business(100001, 50), house)).toBe(3100050);
    // 100003 × 12.5% = 12500.375; − 19000 = −6499.625 -> shown −6,499.63
    expect(monthlySurplusExact(business(100003, 12.5), house)).toBe(-64996250n);
    expect(monthlySurplus(business(100003, 12.5), house)).toBe(-649963);
    // 100998 × 25% = 25249.50; − 19000 = ₹6,249.50 (the old rule made it 6,250)
    expect(monthlySurplus(business(100998, 25), house)).toBe(624950);
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
    expect(suggestedAmount(type, requested, BigInt(surplus) * 10000n)).toBe(expected),
  );

  it('takes 12 × the exact surplus: ₹6,249.50 gives 74,994 -> 74,000, under the minimum; ₹6,333.40 gives 76,000.80 -> 76,000', () => {
    expect(suggestedAmount('MFI_BUSINESS_LOAN', 125000, 62495000n)).toBeNull();
    expect(suggestedAmount('MFI_BUSINESS_LOAN', 125000, 63334000n)).toBe(76000);
    // 6,333.3333 a month: 12 × = 75,999.9996 -> 75,000
    expect(suggestedAmount('MFI_BUSINESS_LOAN', 125000, 63333333n)).toBe(75000);
  });
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

describe('default tenure of an offer: the requested one, capped at the risk maximum', () => {
  it.each([
    ['MFI_BUSINESS_LOAN', 12, 24, 12], // LAKSHMI asked 12 and may have 24: 12 (it was 24)
    ['MFI_BUSINESS_LOAN', 24, 24, 24],
    ['MFI_BUSINESS_LOAN', 24, 18, 18], // asked more than the risk allows: the maximum
    ['UNSECURED_BUSINESS_LOAN', 30, 36, 30],
    ['UNSECURED_BUSINESS_LOAN', '18', 24, 18], // stored as text
    ['UNSECURED_BUSINESS_LOAN', 15, 24, 24], // not a tenure of the loan type: the maximum
    ['MFI_BUSINESS_LOAN', null, 18, 18],
  ] as const)('%s asked %j, maximum %i: %i', (type, asked, max, expected) => expect(defaultOfferTenure(type, asked, max)).toBe(expected));
});

describe('decision', () => {
  // 200000 × 25% = 50000 − 19000 = 31000; 12 × 31000 = 372000.
  const rich = business(200000, 25);
  it('approves with the suggested amount and the tenure band', () => {
    expect(breDecision('UNSECURED_BUSINESS_LOAN', 300000, 742, rich, house)).toEqual({
      decision: 'APPROVED',
      reasons: [],
      score: 742,
      surplus: 3100000,
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
      surplus: 600000,
      suggestedAmount: null,
    });
    expect(breDecision('MFI_BUSINESS_LOAN', 100000, 590, business(100000, 25), house).reasons).toEqual([
      'LOW_BRE_SCORE',
      'INSUFFICIENT_SURPLUS',
    ]);
  });
  it('the surplus case of ₹6,249.50 a month is rejected; the one of ₹6,333.40 is offered ₹76,000', () => {
    // 100998 × 25% − 19000 = 6249.50; 12 × = 74,994 -> 74,000 < 75,000 (the old rounding approved 75,000)
    expect(breDecision('MFI_BUSINESS_LOAN', 125000, 742, business(100998, 25), house)).toMatchObject({
      decision: 'REJECTED',
      reasons: ['INSUFFICIENT_SURPLUS'],
      surplus: 624950,
      suggestedAmount: null,
    });
    // 126667 × 20% − 19000 = 6333.40; 12 × = 76,000.80 -> 76,000 (the old rounding made it 6,333 and 75,000)
    expect(breDecision('MFI_BUSINESS_LOAN', 125000, 742, business(126667, 20), house)).toMatchObject({
      decision: 'APPROVED',
      surplus: 633340,
      suggestedAmount: 76000,
    });
  });
});
