import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_DISCLOSURES, kfsSections, type KfsMeta, type LoanOffer } from '../../../src/domain';
import { keyFactsOf } from '../../../src/server/modules/loan-offer/loan-offer.view';

// Issue 31: the statement's rows of RBI/2024-25/18 Annex A left out before (type of loan,
// disbursal schedule, one-time and recurring fees, valuation and other fees, other penal charges,
// floating rate and switching not applicable, the recovery-agent clause, no LSP as recovery agent),
// the penal charge without GST, and the first and last instalments beside the EMI.
//
// ₹75,000 at 24% for 12 months, disbursed 21-12-2026 (key-facts.test.ts, worked out independently):
// EMI ₹7,092; first due 05-02-2027 after 46 days, ₹7,860.49; the last ₹7,091.58.

const OFFER: LoanOffer = {
  bre_score: 742,
  decision: 'APPROVED',
  reasons: [],
  interest_rate: 24,
  final_suggested_emi: 7092,
  total_processing_fee_amount: 1770,
  insurance_fee: 750,
  final_suggested_loan_amount: 75000,
  risk_category_and_loan_type_wise_max_tenure: 12,
  disbursement_date: '2026-12-21',
  emi_start_date: '2027-02-05',
  is_accepted: false,
  computed_at: '2026-12-21T04:30:00.000Z',
  loan_type: 'MFI_BUSINESS_LOAN',
  monthly_surplus: 11000,
  bre_suggested_loan_amount: 75000,
  bre_max_tenure: 12,
  processing_fee: 1500,
  gst_on_processing_fee: 270,
};
const META: KfsMeta = {
  kfs_number: 'KFS-SAH2612000001-01',
  issued_at: '2026-12-21T04:30:00.000Z',
  valid_until: '2026-12-24',
  borrower: 'LAKSHMI DEVI',
  tracker_id: 'SAH2612000001',
  lender: 'Sahyog',
};

const facts = keyFactsOf(OFFER)!;
/** Each section's rows as key → value. */
const rowsOf = (lang: 'en' | 'hi', view = facts) =>
  Object.fromEntries(kfsSections(view, META, lang).map((s) => [s.key, Object.fromEntries(s.rows.map((r) => [r.key, r.value]))]));

describe('Part 1: the rows of Annex A', () => {
  it('type of loan, disbursal 100% upfront, floating rate not applicable', () => {
    const { part1 } = rowsOf('en');
    expect(part1!['kfs.loanType']).toBe('MFI Business Loan');
    expect(part1!['kfs.disbursal']).toBe('100% upfront: the whole amount on the disbursement date');
    expect(part1!['kfs.floating']).toBe('Not applicable: the rate is fixed');
    expect(rowsOf('en', keyFactsOf({ ...OFFER, loan_type: 'UNSECURED_BUSINESS_LOAN' })!).part1!['kfs.loanType']).toBe(
      'Unsecured Business Loan',
    );
    expect(rowsOf('hi').part1!['kfs.loanType']).toBe('MFI व्यवसाय ऋण');
  });

  it('the EMI with the first and last instalments beside it, read from the schedule', () => {
    const { part1 } = rowsOf('en');
    expect(part1!['kfs.emi']).toBe('₹7,092.00');
    expect(part1!['kfs.firstInstalment']).toBe('₹7,860.49');
    expect(part1!['kfs.lastInstalment']).toBe('₹7,091.58');
    // The very rows of Annex C, not figures of their own.
    expect(facts.schedule[0]!.emi).toBe(7860.49);
    expect(facts.schedule.at(-1)!.emi).toBe(7091.58);
    const keys = kfsSections(facts, META, 'en')
      .find((s) => s.key === 'part1')!
      .rows.map((r) => r.key);
    expect(keys.slice(keys.indexOf('kfs.emi'), keys.indexOf('kfs.emi') + 3)).toEqual([
      'kfs.emi',
      'kfs.firstInstalment',
      'kfs.lastInstalment',
    ]);
  });

  it('fees: each one-time, valuation, other and recurring fees nil', () => {
    const { part1 } = rowsOf('en');
    expect(part1!['kfs.processingFee']).toBe('₹1,500.00 (one-time)');
    expect(part1!['kfs.gst']).toBe('₹270.00 (one-time)');
    expect(part1!['kfs.insurance']).toBe('₹750.00 (one-time)');
    expect(part1!['kfs.valuationFee']).toBe('Nil');
    expect(part1!['kfs.otherFees']).toBe('Nil');
    expect(part1!['kfs.recurringFees']).toBe('Nil');
    const hi = rowsOf('hi').part1!;
    expect(hi['kfs.processingFee']).toBe('₹1,500.00 (एकमुश्त)');
    expect(hi['kfs.valuationFee']).toBe('शून्य');
  });

  it('contingent charges: the penal charge without GST, the bounce charge with it; other penal charges nil; no switching', () => {
    const { contingent } = rowsOf('en');
    expect(contingent!['kfs.penal']).toBe('₹250.00 (no GST)');
    expect(contingent!['kfs.bounce']).toBe('₹300.00 + GST 18%');
    expect(contingent!['kfs.otherPenal']).toBe('Nil');
    expect(contingent!['kfs.switching']).toBe('Not applicable: the rate is fixed');
    expect(rowsOf('hi').contingent!['kfs.penal']).toBe('₹250.00 (GST नहीं)');
    const none = keyFactsOf(OFFER, {
      ...DEFAULT_LOAN_DISCLOSURES,
      contingent_charges: { ...DEFAULT_LOAN_DISCLOSURES.contingent_charges, penal_charge_per_instalment: 0 },
    })!;
    expect(rowsOf('en', none).contingent!['kfs.penal']).toBe('Nil');
  });
});

describe('Part 2', () => {
  it('the recovery-agent clause of the agreement, and no lending service provider as recovery agent, in both languages', () => {
    const en = rowsOf('en').part2!;
    expect(en['kfs.recoveryClause']).toBe('The clause "Recovery agents" of the loan agreement (the text above).');
    expect(en['kfs.lspRecovery']).toMatch(/^None: no lending service provider acts as a recovery agent/);
    const hi = rowsOf('hi').part2!;
    expect(hi['kfs.recoveryClause']).toMatch(/"वसूली एजेंट"/);
    expect(hi['kfs.lspRecovery']).toMatch(/^कोई नहीं/);
  });

  it('every row has a label and a value in each language, the same rows in both', () => {
    const keys = (lang: 'en' | 'hi') => kfsSections(facts, META, lang).flatMap((s) => s.rows.map((r) => r.key));
    expect(keys('hi')).toEqual(keys('en'));
    for (const lang of ['en', 'hi'] as const)
      for (const row of kfsSections(facts, META, lang).flatMap((s) => s.rows)) {
        expect(row.label, `${lang} ${row.key}`).not.toBe('');
        expect(row.label, `${lang} ${row.key}`).not.toBe('undefined');
        expect(row.value, `${lang} ${row.key}`).not.toBe('');
      }
  });
});
