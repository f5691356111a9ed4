import { describe, expect, it } from 'vitest';
import { basisDifferences, kfsExpired, kfsNumberOf, kfsValidUntil, parseDate, type OfferBasis } from '../../../src/domain';

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
