import { addDays, compareDates, daysBetween, type CalendarDate } from '../shared/dates';
import { roundHalfUp, wholePaise } from './loan-maths';

/**
 * The borrower's exit in the cooling-off (look-up) period (RBI Digital Lending Directions;
 * DECISIONS.md: 3 days by default, the tenant's `cooling_off_days`): the principal plus interest
 * at the APR for the days the money was held, no penalty, to the paisa. In paise; pure.
 *
 * - days held: calendar days from the disbursement date to the exit date, at least 1 (the money
 *   was with the borrower on the day it was paid);
 * - interest = principal × APR × days / 365, the APR in hundredths of a percent (2734 = 27.34%),
 *   rounded once, half up, to the paisa;
 * - the window: the exit date is on or after the disbursement date and at most `coolingOffDays`
 *   days after it.
 */
export type CoolingOffTerms = {
  /** The loan's principal (the sanctioned amount), paise. */
  principal: number;
  aprHundredths: number;
  disbursed: CalendarDate;
  exitDate: CalendarDate;
  coolingOffDays: number;
};

export type CoolingOffQuote = {
  principal: number;
  interest: number;
  total: number;
  days: number;
  aprHundredths: number;
  /** The last day an exit may be recorded. */
  lastDay: CalendarDate;
  within: boolean;
};

const DAY_DENOMINATOR = 3_650_000n; // 365 days × 10000 (hundredths of a percent)

export function coolingOffQuote(terms: CoolingOffTerms): CoolingOffQuote {
  const principal = wholePaise(terms.principal, 'principal');
  const days = Math.max(1, daysBetween(terms.disbursed, terms.exitDate));
  const interest = Number(roundHalfUp(principal * BigInt(terms.aprHundredths) * BigInt(days), DAY_DENOMINATOR));
  const lastDay = addDays(terms.disbursed, terms.coolingOffDays);
  const within = compareDates(terms.exitDate, terms.disbursed) >= 0 && compareDates(terms.exitDate, lastDay) <= 0;
  return {
    principal: terms.principal,
    interest,
    total: terms.principal + interest,
    days,
    aprHundredths: terms.aprHundredths,
    lastDay,
    within,
  };
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The working in figures, the same in every language: "₹1,00,000.00 × 27.34% × 2 / 365 = ₹149.81". */
export const coolingOffWorking = (q: Pick<CoolingOffQuote, 'principal' | 'interest' | 'days' | 'aprHundredths'>) =>
  `${rupees(q.principal)} × ${(q.aprHundredths / 100).toFixed(2)}% × ${q.days} / 365 = ${rupees(q.interest)}`;
