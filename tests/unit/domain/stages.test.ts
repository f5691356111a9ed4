import { describe, expect, it } from 'vitest';
import { FILL_BUSINESS_CPV, NO_INCOMPLETE_APPLICATION, resumeOf, STAGES } from '../../../src/domain/policy/stages';

const BASE = ['BORROWER_INFO', 'BORROWER_BASIC_INFO'];

describe('resumeOf (spec 02 §4 Resume)', () => {
  it.each([
    [[], 'mobile'],
    [['BORROWER_INFO'], 'kyc'],
    [BASE, 'co-applicants'],
    [[...BASE, 'GUARANTOR'], 'co-applicants'],
    [[...BASE, 'CO_BORROWER'], 'co-applicants'],
    [[...BASE, 'CO_BORROWER', 'FAMILY_MEMBER'], 'family-details'],
    [[...BASE, 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO'], 'bank-account-details'],
    [[...BASE, 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO', 'BANK_ACCOUNT'], 'cpv-info'],
    [[...BASE, 'CO_BORROWER', 'BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE'], 'references'],
  ])('%j → %s', (stages, route) => expect(resumeOf(stages)).toEqual({ route }));

  it('with exactly one CPV stage asks for the Business CPV Info', () => {
    expect(resumeOf([...BASE, 'BANK_ACCOUNT', 'CPV_RESIDENCE'])).toEqual({ route: 'cpv-info', message: FILL_BUSINESS_CPV });
    expect(resumeOf([...BASE, 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE'])).toEqual({ route: 'cpv-info', message: FILL_BUSINESS_CPV });
  });

  it('answers No Incomplete Application Found otherwise', () => {
    const none = { route: null, message: NO_INCOMPLETE_APPLICATION };
    expect(resumeOf([...STAGES])).toEqual(none);
    expect(resumeOf(['BORROWER_BASIC_INFO'])).toEqual(none);
    expect(resumeOf(['BORROWER_INFO', 'GUARANTOR'])).toEqual(none);
  });

  it('does not depend on the order stages were recorded in', () => {
    expect(resumeOf(['BORROWER_BASIC_INFO', 'BORROWER_INFO'])).toEqual({ route: 'co-applicants' });
  });
});
