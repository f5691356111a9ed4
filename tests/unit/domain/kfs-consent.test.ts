import { describe, expect, it } from 'vitest';
import {
  basisDifferences,
  holidayProblems,
  kfsExpired,
  kfsNumberOf,
  kfsValidUntil,
  parseDate,
  tenantHolidays,
  type OfferBasis,
} from '../../../src/domain';

// Issue 22: a statement is valid 3 working days (Monday to Saturday, tenant holidays aside); the
// dates below are worked out on a calendar, not by the code under test.
const d = (iso: string) => parseDate(iso)!;

describe('kfsValidUntil: 3 working days after the issue', () => {
  it.each([
    ['2026-01-15', '2026-01-19'], // Thu → Fri, Sat, (Sun), Mon
    ['2026-01-17', '2026-01-21'], // Sat → (Sun), Mon, Tue, Wed
    ['2026-01-18', '2026-01-21'], // Sun → Mon, Tue, Wed
    ['2026-01-19', '2026-01-22'], // Mon → Tue, Wed, Thu
    ['2027-12-30', '2028-01-03'], // Thu → Fri 31, Sat 1, (Sun 2), Mon 3, across the year
    ['2028-02-26', '2028-03-01'], // Sat → (Sun 27), Mon 28, Tue 29 (leap day), Wed 1
  ])('issued %s: valid until %s', (issued, until) => {
    const valid = kfsValidUntil(d(issued));
    expect(`${valid.year}-${String(valid.month).padStart(2, '0')}-${String(valid.day).padStart(2, '0')}`).toBe(until);
  });

  it('a tenant holiday is skipped like a Sunday', () => {
    expect(kfsValidUntil(d('2026-01-15'), [d('2026-01-16')])).toEqual(d('2026-01-20'));
  });

  it('issued on the Friday before a Monday holiday: valid until Wednesday', () => {
    // Fri 23-01-2026: Sat 24, (Sun 25), (Republic Day, Mon 26), Tue 27, Wed 28.
    expect(kfsValidUntil(d('2026-01-23'))).toEqual(d('2026-01-28'));
    // A tenant's own Monday holiday the same way: Fri 20-03-2026 → Sat 21, (Sun), (Mon 23), Tue 24, Wed 25.
    expect(kfsValidUntil(d('2026-03-20'))).toEqual(d('2026-03-24'));
    expect(kfsValidUntil(d('2026-03-20'), tenantHolidays(['2026-03-23']))).toEqual(d('2026-03-25'));
  });

  // The default when the tenant sets no list: the national holidays of 2026 and 2027 (docs/decisions-made.md).
  it.each([
    ['2026-08-13', '2026-08-18'], // Thu → Fri 14, (Independence Day, Sat 15), (Sun 16), Mon 17, Tue 18
    ['2026-10-01', '2026-10-06'], // Thu → (Gandhi Jayanti, Fri 2), Sat 3, (Sun 4), Mon 5, Tue 6
    ['2027-01-23', '2027-01-28'], // Sat → (Sun 24), Mon 25, (Republic Day, Tue 26), Wed 27, Thu 28
    ['2027-10-01', '2027-10-06'], // Fri → (Gandhi Jayanti, Sat 2), (Sun 3), Mon 4, Tue 5, Wed 6
  ])('a national holiday with no tenant list: issued %s, valid until %s', (issued, until) => {
    expect(kfsValidUntil(d(issued), tenantHolidays([]))).toEqual(d(until));
  });

  it("a tenant's list: days YYYY-MM-DD; anything else is a problem that stops the start", () => {
    expect(tenantHolidays(['2026-03-23', '2026-11-08'])).toEqual([d('2026-03-23'), d('2026-11-08')]);
    expect(holidayProblems(['2026-03-23'])).toEqual([]);
    expect(holidayProblems(['2026-02-30', '23-03-2026', 5])).toEqual([
      'holidays: "2026-02-30" is not a day (YYYY-MM-DD)',
      'holidays: "23-03-2026" is not a day (YYYY-MM-DD)',
      'holidays: 5 is not a day (YYYY-MM-DD)',
    ]);
    expect(holidayProblems('2026-03-23')).toEqual(['holidays must be a list of days (YYYY-MM-DD)']);
  });

  it('expired only after the last valid day; no date is expired', () => {
    expect(kfsExpired('2026-01-19', d('2026-01-19'))).toBe(false);
    expect(kfsExpired('2026-01-19', d('2026-01-20'))).toBe(true);
    expect(kfsExpired(undefined, d('2026-01-01'))).toBe(true);
  });

  it('numbers: the tracker id and a 2-digit version; before a tracker id, the application id', () => {
    expect(kfsNumberOf('SAH2611000123', 'a'.repeat(32), 3)).toBe('KFS-SAH2611000123-03');
    expect(kfsNumberOf(null, '0123456789abcdef0123456789abcdef', 1)).toBe('KFS-0123456789AB-01');
  });
});

describe('basisDifferences: what changed since the acceptance, each named', () => {
  const basis: OfferBasis = {
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    borrower: { name: 'LAKSHMI DEVI', pan: 'BDVPD4821K', phone: '9876501234', date_of_birth: '12-04-1985', gender: 'FEMALE' },
    co_applicants: [{ id: 'c1', type: 'CO_BORROWER', status: 'ACTIVE', name: 'RAMESH YADAV', pan: 'CRYPY5532L' }],
    cpv: { monthly_sales: 150000, rent: 3000 },
    deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'APPROVED', of: null }],
  };

  it('the same state: nothing', () => {
    expect(basisDifferences(basis, structuredClone(basis))).toEqual([]);
  });

  it('loan type, amount, name, a co-applicant, a CPV figure and a deviation', () => {
    const now: OfferBasis = {
      ...basis,
      loan_type: 'UNSECURED_BUSINESS_LOAN',
      amount_requested: 300000,
      borrower: { ...basis.borrower, name: 'LAKSHMI KUMARI' },
      co_applicants: [
        { ...basis.co_applicants[0]!, status: 'REJECTED' },
        { id: 'g1', type: 'GUARANTOR', status: 'ACTIVE', name: 'MOHAN LAL', pan: null },
      ],
      cpv: { monthly_sales: 150000, rent: 9000 },
      deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING', of: null }],
    };
    expect(basisDifferences(basis, now)).toEqual([
      'loan type changed from MFI_BUSINESS_LOAN to UNSECURED_BUSINESS_LOAN',
      'amount requested changed from 100000 to 300000',
      "borrower's name changed from LAKSHMI DEVI to LAKSHMI KUMARI",
      'co-applicant changed from CO_BORROWER RAMESH YADAV (CRYPY5532L, ACTIVE) to CO_BORROWER RAMESH YADAV (CRYPY5532L, REJECTED)',
      'co-applicant added: GUARANTOR MOHAN LAL (none, ACTIVE)',
      'field verification rent changed from 3000 to 9000',
      'deviations changed from BORROWER_NAME_MISMATCH_DEVIATION APPROVED to BORROWER_NAME_MISMATCH_DEVIATION PENDING',
    ]);
  });
});
