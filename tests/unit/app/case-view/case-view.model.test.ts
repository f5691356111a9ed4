import { describe, expect, it } from 'vitest';
import { documentLabelKey, documentsOf, editPathOf } from '../../../../src/app/features/case-view/case-view.model';

const ID = '0123456789abcdef0123456789abcdef';

describe('the case view model', () => {
  it("lists a record's documents in the order given, a list of statements one by one, blanks left out", () => {
    expect(
      documentsOf({ pan_file: 'p', photo_file: ' ', bank_statement: ['s1', 's2'], other: 'x' }, [
        'photo_file',
        'pan_file',
        'bank_statement',
      ]),
    ).toEqual([
      { field: 'pan_file', fileId: 'p' },
      { field: 'bank_statement', fileId: 's1' },
      { field: 'bank_statement', fileId: 's2' },
    ]);
    expect(documentsOf(null, ['pan_file'])).toEqual([]);
    expect(documentLabelKey('bank_statement2')).toBe('case.d.bank_statement');
    expect(documentLabelKey('salary_slip3')).toBe('case.d.salary_slip');
    expect(documentLabelKey('pan_file')).toBe('case.d.pan_file');
  });

  it('offers Edit as the access policy says: by designation and status', () => {
    // The officer: the borrower step while a draft, nothing once PD1 is complete, never the field verification.
    expect(editPathOf('borrower', 'RELATIONSHIP_OFFICER', 'DRAFT', ID)).toBe(`/application/mobile?id=${ID}`);
    expect(editPathOf('kyc', 'RELATIONSHIP_OFFICER', 'PD1_COMPLETE', ID)).toBeNull();
    expect(editPathOf('cpv', 'RELATIONSHIP_OFFICER', 'PD1_COMPLETE', ID)).toBeNull();
    // Reviewers: the field verification while it is open (PD1 complete, sent back for PD2 review).
    expect(editPathOf('cpv', 'BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', ID)).toBe(`/application/cpv-info?id=${ID}`);
    expect(editPathOf('references', 'BRANCH_MANAGER', 'PD2_REVIEW', ID)).toBe(`/application/references?id=${ID}`);
    expect(editPathOf('cpv', 'BRANCH_CREDIT_MANAGER', 'PD2_COMPLETE', ID)).toBeNull();
    // The business step: the credit manager's first call, the branch manager's second.
    expect(editPathOf('business', 'BRANCH_CREDIT_MANAGER', 'PD2_COMPLETE', ID)).toBe(`/application/business?id=${ID}`);
    expect(editPathOf('bank', 'BRANCH_MANAGER', 'PD1_COMPLETE', ID)).toBe(`/application/bank-account-details?id=${ID}`);
    // Final: nothing for anyone; and the read-only sections never.
    for (const designation of ['RELATIONSHIP_OFFICER', 'BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'])
      for (const status of ['APPROVED', 'REJECTED'])
        for (const section of ['borrower', 'kyc', 'coApplicants', 'business', 'bank', 'cpv', 'references'] as const)
          expect(editPathOf(section, designation, status, ID)).toBeNull();
    expect(editPathOf('verifications', 'BRANCH_MANAGER', 'PD1_COMPLETE', ID)).toBeNull();
    expect(editPathOf('bre', 'BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', ID)).toBeNull();
    // Not a member of staff with a designation: nothing.
    expect(editPathOf('kyc', null, 'DRAFT', ID)).toBeNull();
  });
});
