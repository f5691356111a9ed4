import { describe, expect, it } from 'vitest';
import { openPathOf, openRouteOf, phoneLookupSchema, trackLookupSchema } from '../../../src/domain/steps/resume';
import {
  latestSendBack,
  readHistory,
  resubmittedSinceReview,
  reviewActionsOf,
  requiredRemarksSchema,
  optionalRemarksSchema,
} from '../../../src/domain/policy/review-actions';

const PD1 = ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO', 'BANK_ACCOUNT'];
const PD2 = [...PD1, 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES'];

describe('openRouteOf: where the applications list opens an application', () => {
  it.each([
    // officer: resume a draft at its next capture step, correct a PD1 review from the start, else the success page
    ['RELATIONSHIP_OFFICER', 'DRAFT', [], 'mobile'],
    ['RELATIONSHIP_OFFICER', 'DRAFT', ['BORROWER_INFO'], 'kyc'],
    ['RELATIONSHIP_OFFICER', 'DRAFT', ['BORROWER_INFO', 'BORROWER_BASIC_INFO'], 'co-applicants'],
    ['RELATIONSHIP_OFFICER', 'DRAFT', PD1.slice(0, 4), 'family-details'],
    ['RELATIONSHIP_OFFICER', 'DRAFT', PD1.slice(0, 5), 'bank-account-details'],
    ['RELATIONSHIP_OFFICER', 'DRAFT', PD1, 'success'],
    ['RELATIONSHIP_OFFICER', 'PD1_REVIEW', PD1, 'mobile'],
    ['RELATIONSHIP_OFFICER', 'PD1_COMPLETE', PD1, 'success'],
    ['RELATIONSHIP_OFFICER', 'REJECTED', ['BORROWER_INFO'], 'rejection'],
    // branch manager: PD1 review from the first step, the verification once PD1 is complete
    ['BRANCH_MANAGER', 'DRAFT', PD1, 'mobile'],
    ['BRANCH_MANAGER', 'PD1_REVIEW', PD1, 'mobile'],
    ['BRANCH_MANAGER', 'PD1_COMPLETE', PD1, 'cpv-info'],
    ['BRANCH_MANAGER', 'PD2_COMPLETE', PD2, 'mobile'],
    // credit manager: where PD2 continues
    ['BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', PD1, 'cpv-info'],
    ['BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', [...PD1, 'CPV_BUSINESS_PLACE'], 'cpv-info'],
    ['BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', [...PD1, 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE'], 'references'],
    ['BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', PD2, 'loan-offer'],
    ['BRANCH_CREDIT_MANAGER', 'PD2_COMPLETE', PD2, 'loan-offer'],
    ['BRANCH_CREDIT_MANAGER', 'PD2_REVIEW', PD2, 'loan-offer'],
    ['BRANCH_CREDIT_MANAGER', 'DRAFT', PD1, 'mobile'],
    ['BRANCH_CREDIT_MANAGER', 'REJECTED', PD1, 'rejection'],
  ] as const)('%s, %s, %j → %s', (designation, status, stage, route) => {
    expect(openRouteOf(designation, status, stage)).toBe(route);
  });

  it('builds the path with the id', () => {
    expect(openPathOf('BRANCH_MANAGER', 'DRAFT', PD1, 'ab'.repeat(16))).toBe(`/application/mobile?id=${'ab'.repeat(16)}`);
  });
});

describe('lookups', () => {
  it('mobile: 10 digits starting 6-9, else Invalid mobile number', () => {
    expect(phoneLookupSchema.safeParse({ phone: ' 9876543210 ' })).toMatchObject({ success: true, data: { phone: '9876543210' } });
    for (const phone of ['987654321', '5876543210', '98765432101', 'abcdefghij', ''])
      expect(phoneLookupSchema.safeParse({ phone }).error?.issues[0]?.message).toBe('Invalid mobile number');
  });

  it('tracker id: 3 capitals and 10 digits, else Invalid external loan id', () => {
    expect(trackLookupSchema.safeParse({ tracker_id: 'SAH2611000123' }).success).toBe(true);
    for (const tracker_id of ['sah2611000123', 'SA2611000123', 'SAH261100012', 'SAH26110001234', 'SAH261100012X', ''])
      expect(trackLookupSchema.safeParse({ tracker_id }).error?.issues[0]?.message).toBe('Invalid external loan id');
  });
});

describe('reviewActionsOf (spec 02 §6, DECISIONS "Review workflow")', () => {
  const keys = (d: string | null, s: string) => reviewActionsOf(d, s).map((a) => a.key);
  it.each([
    ['BRANCH_MANAGER', 'DRAFT', ['completePd1']],
    // PD1 review: the officer holds it until they resubmit (issue 31 D4).
    ['BRANCH_MANAGER', 'PD1_REVIEW', []],
    ['BRANCH_MANAGER', 'PD1_COMPLETE', ['pd1Review', 'cpv']],
    ['BRANCH_MANAGER', 'PD2_COMPLETE', []],
    // The field verification wherever the access policy lets the designation verify (issue 31 N8).
    ['BRANCH_MANAGER', 'PD2_REVIEW', ['cpv']],
    ['BRANCH_CREDIT_MANAGER', 'DRAFT', []],
    ['BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', ['completePd2', 'pd1Review', 'cpv', 'loanOffer']],
    ['BRANCH_CREDIT_MANAGER', 'PD2_COMPLETE', ['pd2Review', 'loanOffer']],
    ['BRANCH_CREDIT_MANAGER', 'PD2_REVIEW', ['completePd2', 'cpv', 'loanOffer']],
    ['BRANCH_CREDIT_MANAGER', 'APPROVED', []],
    ['RELATIONSHIP_OFFICER', 'PD1_REVIEW', ['resubmit']],
    ['RELATIONSHIP_OFFICER', 'DRAFT', []],
    ['RELATIONSHIP_OFFICER', 'PD2_REVIEW', []],
    [null, 'DRAFT', []],
  ] as const)('%s in %s: %j', (designation, status, expected) => expect(keys(designation, status)).toEqual(expected));

  it('in PD1 review, the officer is offered Resubmit until they resubmit, and the branch manager Complete PD1 from then on (issue 31 D4)', () => {
    expect(keys('RELATIONSHIP_OFFICER', 'PD1_REVIEW')).toEqual(['resubmit']);
    expect(reviewActionsOf('RELATIONSHIP_OFFICER', 'PD1_REVIEW', true)).toEqual([]);
    expect(reviewActionsOf('BRANCH_MANAGER', 'PD1_REVIEW', true).map((a) => a.key)).toEqual(['completePd1']);
    // Elsewhere a resubmission changes nothing.
    expect(reviewActionsOf('BRANCH_MANAGER', 'DRAFT', true).map((a) => a.key)).toEqual(['completePd1']);
  });

  it('sending back needs remarks; the moves name their target status', () => {
    const [review] = reviewActionsOf('BRANCH_MANAGER', 'PD1_COMPLETE');
    expect(review).toEqual({ kind: 'move', key: 'pd1Review', to: 'PD1_REVIEW', remarks: 'required' });
    expect(reviewActionsOf('BRANCH_MANAGER', 'DRAFT')[0]).toMatchObject({ to: 'PD1_COMPLETE', remarks: 'optional' });
  });

  it('remarks: at least 3 characters once trimmed when required, at most 1000', () => {
    expect(requiredRemarksSchema.safeParse({ remarks: '  ab ' }).error?.issues[0]?.message).toBe(
      'Please enter remarks of at least 3 characters',
    );
    expect(requiredRemarksSchema.safeParse({ remarks: ' abc ' })).toMatchObject({ success: true, data: { remarks: 'abc' } });
    expect(optionalRemarksSchema.safeParse({ remarks: '' }).success).toBe(true);
    expect(optionalRemarksSchema.safeParse({ remarks: 'x'.repeat(1001) }).success).toBe(false);
  });
});

describe('history', () => {
  const entry = (at: string, action: string, from: string | null, to: string | null, remarks: string | null = null) => ({
    at,
    action,
    from,
    to,
    remarks,
    actor_name: 'A',
    actor_designation: 'BRANCH_MANAGER',
  });

  it('reads entries newest first, ignoring odd ones', () => {
    const history = readHistory([
      entry('2026-11-20T10:00:00Z', 'MOVED', 'DRAFT', 'PD1_COMPLETE'),
      'junk',
      entry('2026-11-21T10:00:00Z', 'MOVED', 'PD1_COMPLETE', 'PD1_REVIEW', 'fix'),
    ]);
    expect(history.map((h) => h.to)).toEqual(['PD1_REVIEW', 'PD1_COMPLETE']);
    expect(readHistory(undefined)).toEqual([]);
  });

  it('a BRE rejection confirmed by the credit manager is read with the engine as the decider (issue 21 D2)', () => {
    const confirmed = { ...entry('2026-11-22T10:00:00Z', 'MOVED', 'PD1_COMPLETE', 'REJECTED'), detail: { by: 'BRE', confirmed_by: 2 } };
    const [rejected, moved] = readHistory([entry('2026-11-20T10:00:00Z', 'MOVED', 'DRAFT', 'PD1_COMPLETE'), confirmed]);
    expect(rejected).toMatchObject({ to: 'REJECTED', actor_name: 'A', decided_by: 'BRE' });
    expect(moved!.decided_by).toBeNull();
  });

  it('the latest send-back, and whether the officer resubmitted since', () => {
    const sentBack = entry('2026-11-21T10:00:00Z', 'MOVED', 'PD1_COMPLETE', 'PD1_REVIEW', 'second');
    const history = readHistory([
      entry('2026-11-19T10:00:00Z', 'MOVED', 'PD1_COMPLETE', 'PD1_REVIEW', 'first'),
      entry('2026-11-20T10:00:00Z', 'RESUBMITTED', 'PD1_REVIEW', 'PD1_REVIEW'),
      entry('2026-11-20T11:00:00Z', 'MOVED', 'PD1_REVIEW', 'PD1_COMPLETE'),
      sentBack,
    ]);
    expect(latestSendBack(history, 'PD1_REVIEW')?.remarks).toBe('second');
    expect(resubmittedSinceReview(history)).toBe(false);
    expect(
      resubmittedSinceReview(readHistory([...history, entry('2026-11-22T10:00:00Z', 'RESUBMITTED', 'PD1_REVIEW', 'PD1_REVIEW')])),
    ).toBe(true);
  });
});
