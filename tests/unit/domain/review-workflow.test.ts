import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, isSanctioned } from '../../../src/domain/policy/enums';
import { listSearchOf, listQueryOf, nameTsQuery, applicationListQuerySchema } from '../../../src/domain/records/application-list.schema';
import {
  checkMove,
  mayMakeMove,
  missingForMove,
  PD1_STAGES,
  PD2_STAGES,
  requiredPd1Stages,
  REVIEW_WORKFLOW,
  statusText,
  workflowMoveOf,
  type MoveFacts,
} from '../../../src/domain/policy/review-workflow';
import { STATUS_TRANSITIONS } from '../../../src/domain/policy/status-machine';

const verified = { mobile: true, aadhaar: true, pan: true, voterId: true, gender: 'FEMALE', coApplicants: [] };

const ready: MoveFacts = {
  stages: [...PD1_STAGES, ...PD2_STAGES],
  loanType: 'MFI_BUSINESS_LOAN',
  verifications: verified,
  deviations: [],
  cpv: { businessPlace: { selfie: true }, residence: { selfie: true } },
  loanOffer: { decision: 'APPROVED', isAccepted: true },
  remarks: 'Looks fine',
  changedSinceReview: true,
  resubmitted: true,
};

const move = (from: string, to: string) => workflowMoveOf(from, to)!;

describe('the review workflow table', () => {
  it('has exactly the moves of the status machine up to the sanction (the later moves are made by their own steps)', () => {
    const fromTable = REVIEW_WORKFLOW.map((m) => `${m.from}>${m.to}`).sort();
    const fromMachine = Object.entries(STATUS_TRANSITIONS)
      .filter(([from]) => !isSanctioned(from))
      .flatMap(([from, tos]) => tos.map((to) => `${from}>${to}`))
      .sort();
    expect(fromTable).toEqual(fromMachine);
  });

  it('names who makes each move (DECISIONS "Review workflow")', () => {
    const who = Object.fromEntries(REVIEW_WORKFLOW.map((m) => [`${m.from}>${m.to}`, [...m.who].sort()]));
    expect(who).toEqual({
      'DRAFT>PD1_COMPLETE': ['BRANCH_MANAGER'],
      'PD1_COMPLETE>PD1_REVIEW': ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'],
      'PD1_REVIEW>PD1_COMPLETE': ['BRANCH_MANAGER'],
      'PD1_COMPLETE>PD2_COMPLETE': ['BRANCH_CREDIT_MANAGER'],
      'PD2_COMPLETE>PD2_REVIEW': ['BRANCH_CREDIT_MANAGER'],
      'PD2_REVIEW>PD2_COMPLETE': ['BRANCH_CREDIT_MANAGER'],
      'PD2_COMPLETE>APPROVED': ['BRANCH_CREDIT_MANAGER'],
      'DRAFT>REJECTED': ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'],
      'PD1_COMPLETE>REJECTED': ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'],
      'PD1_REVIEW>REJECTED': ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'],
      'PD2_COMPLETE>REJECTED': ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'],
      'PD2_REVIEW>REJECTED': ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'],
    });
    // The relationship officer makes no move (they resubmit); nobody leaves APPROVED or REJECTED.
    for (const m of REVIEW_WORKFLOW) expect(mayMakeMove('RELATIONSHIP_OFFICER', m.from, m.to)).toBe(false);
    for (const to of APPLICATION_STATUSES) {
      expect(workflowMoveOf('APPROVED', to)).toBeUndefined();
      expect(workflowMoveOf('REJECTED', to)).toBeUndefined();
    }
  });

  it('every move passes with everything in place', () => {
    for (const m of REVIEW_WORKFLOW) expect(missingForMove(m, ready), `${m.from}>${m.to}`).toEqual([]);
  });
});

describe('checkMove', () => {
  it('409 for a move not in the table, 403 for a designation not named, then the requirements', () => {
    expect(checkMove('BRANCH_MANAGER', 'DRAFT', 'APPROVED', () => ready)).toEqual({
      ok: false,
      status: 409,
      message: 'An application in DRAFT cannot move to APPROVED. From DRAFT it can move to PD1_COMPLETE or REJECTED.',
    });
    expect(checkMove('BRANCH_CREDIT_MANAGER', 'DRAFT', 'PD1_COMPLETE', () => ready)).toEqual({
      ok: false,
      status: 403,
      message: 'Only a branch manager may move an application from DRAFT to PD1_COMPLETE.',
    });
    expect(checkMove('RELATIONSHIP_OFFICER', 'PD1_REVIEW', 'PD1_COMPLETE', () => ready)).toMatchObject({
      status: 403,
      message: 'Only a branch manager may move an application from PD1_REVIEW to PD1_COMPLETE. The relationship officer resubmits instead.',
    });
    expect(checkMove('AGENT', 'PD1_COMPLETE', 'PD1_REVIEW', () => ready)).toMatchObject({
      status: 403,
      message: 'Only a branch manager or a branch credit manager may move an application from PD1_COMPLETE to PD1_REVIEW.',
    });
    expect(checkMove('BRANCH_MANAGER', 'DRAFT', 'PD1_COMPLETE', () => ({ ...ready, stages: [] }))).toMatchObject({
      ok: false,
      status: 409,
      missing: PD1_STAGES.map((s) => `stage ${s}`),
    });
    expect(checkMove('BRANCH_MANAGER', 'DRAFT', 'PD1_COMPLETE', () => ready)).toMatchObject({ ok: true });
  });
});

describe('the requirements, each named', () => {
  it('Complete PD1: stages (GUARANTOR for an unsecured loan), verifications, deviations pending or rejected', () => {
    expect(requiredPd1Stages('UNSECURED_BUSINESS_LOAN')).toEqual([
      'BORROWER_INFO',
      'BORROWER_BASIC_INFO',
      'CO_BORROWER',
      'GUARANTOR',
      'FAMILY_MEMBER',
      'BUSINESS_INFO',
      'BANK_ACCOUNT',
    ]);
    const facts: MoveFacts = {
      ...ready,
      stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER', 'BANK_ACCOUNT'],
      loanType: 'UNSECURED_BUSINESS_LOAN',
      verifications: {
        ...verified,
        aadhaar: false,
        voterId: false,
        coApplicants: [{ type: 'GUARANTOR', name: 'MOHAN LAL', panVerified: false }],
      },
      deviations: [
        { type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING' },
        { type: 'GUARANTOR_NAME_MISMATCH_DEVIATION', status: 'REJECTED', of: 'MOHAN LAL' },
        { type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'APPROVED' },
      ],
    };
    expect(missingForMove(move('DRAFT', 'PD1_COMPLETE'), facts)).toEqual([
      'stage GUARANTOR',
      'stage BUSINESS_INFO',
      'Aadhaar verified',
      'voter ID verified',
      'PAN of the guarantor MOHAN LAL verified',
      'a decision on the deviation PENDING: BANK_NAME_MISMATCH_DEVIATION',
      'an approval of the deviation REJECTED: GUARANTOR_NAME_MISMATCH_DEVIATION (MOHAN LAL)',
    ]);
  });

  it('back to PD1_COMPLETE: the resubmission, and PD1 still complete', () => {
    expect(missingForMove(move('PD1_REVIEW', 'PD1_COMPLETE'), { ...ready, resubmitted: false, stages: PD1_STAGES.slice(1) })).toEqual([
      "the relationship officer's resubmission after a change since the review",
      'stage BORROWER_INFO',
    ]);
  });

  it('Complete PD2: CPV stages with their selfies, references, a computed (not rejected) offer', () => {
    const facts: MoveFacts = {
      ...ready,
      stages: [...PD1_STAGES],
      cpv: { businessPlace: { selfie: false }, residence: null },
      loanOffer: null,
    };
    expect(missingForMove(move('PD1_COMPLETE', 'PD2_COMPLETE'), facts)).toEqual([
      'stage CPV_BUSINESS_PLACE',
      'the selfie with BCM of the business place',
      'stage CPV_RESIDENCE',
      'the selfie with BCM of the residence',
      'stage REFERENCES',
      'a computed loan offer',
    ]);
    expect(
      missingForMove(move('PD1_COMPLETE', 'PD2_COMPLETE'), { ...ready, loanOffer: { decision: 'REJECTED', isAccepted: false } }),
    ).toEqual(['a computed loan offer']);
  });

  it('the review moves need remarks of 3 characters or more; back from PD2_REVIEW a change; APPROVED the accepted offer', () => {
    for (const remarks of [null, undefined, '', ' ab ']) {
      expect(missingForMove(move('PD1_COMPLETE', 'PD1_REVIEW'), { ...ready, remarks })).toEqual(['remarks (at least 3 characters)']);
      expect(missingForMove(move('PD2_COMPLETE', 'PD2_REVIEW'), { ...ready, remarks })).toEqual(['remarks (at least 3 characters)']);
      expect(missingForMove(move('PD2_REVIEW', 'REJECTED'), { ...ready, remarks })).toEqual([
        'a reason in the remarks (at least 3 characters)',
      ]);
    }
    expect(missingForMove(move('PD2_REVIEW', 'PD2_COMPLETE'), { ...ready, changedSinceReview: false })).toEqual([
      'a change since the review',
    ]);
    expect(missingForMove(move('PD2_COMPLETE', 'APPROVED'), { ...ready, loanOffer: { decision: 'APPROVED', isAccepted: false } })).toEqual([
      'the accepted offer',
    ]);
    // The final submit checks again what Complete PD2 checked (issue 22): without an offer, both are named.
    expect(missingForMove(move('PD2_COMPLETE', 'APPROVED'), { ...ready, loanOffer: null })).toEqual([
      'a computed loan offer',
      'the accepted offer',
    ]);
  });

  it('the status in words for the public track, for every status', () => {
    for (const status of APPLICATION_STATUSES) expect(statusText(status)).toMatch(/^[A-Z].+\.$/);
    expect(statusText('APPROVED')).toBe('Your loan is approved.');
  });
});

describe('the list query', () => {
  it('search_by: digits a mobile prefix, three letters and digits a tracker id, else the words of a name', () => {
    expect(listSearchOf('98765')).toEqual({ kind: 'mobile', prefix: '98765' });
    expect(listSearchOf(' 98765 01234 ')).toEqual({ kind: 'mobile', prefix: '9876501234' });
    expect(listSearchOf('sah2601000123')).toEqual({ kind: 'tracker', exact: 'SAH2601000123', prefix: 'SAH2601000123' });
    expect(listSearchOf('SAH26')).toEqual({ kind: 'tracker', exact: null, prefix: 'SAH26' });
    expect(listSearchOf('Lakshmi  D.')).toEqual({ kind: 'name', words: ['lakshmi', 'd'] });
    expect(listSearchOf("o'brien & co|x:*")).toEqual({ kind: 'name', words: ['o', 'brien', 'co', 'x'] });
    expect(nameTsQuery(['lakshmi', 'd'])).toBe('lakshmi <-> d:*');
  });

  it('defaults, bounds and the reasons of a refusal', () => {
    expect(listQueryOf({})).toEqual({ size: 10, page: 0, search: null, statuses: null, queue: 'waiting' });
    expect(listQueryOf({ size: '50', page: '3', status: 'DRAFT,PD1_REVIEW', queue: 'all', search_by: ' x ' })).toEqual({
      size: 50,
      page: 3,
      search: 'x',
      statuses: ['DRAFT', 'PD1_REVIEW'],
      queue: 'all',
    });
    const refused = (q: Record<string, unknown>) => {
      const r = applicationListQuerySchema.safeParse(q);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(refused({ size: '0' })).toBe('size must be a whole number from 1 to 50');
    expect(refused({ size: '51' })).toBe('size must be a whole number from 1 to 50');
    expect(refused({ size: '1.5' })).toBe('size must be a whole number from 1 to 50');
    expect(refused({ page: '-1' })).toBe('page must be a whole number from 0 to 9999');
    expect(refused({ page: '10000' })).toBe('page must be a whole number from 0 to 9999');
    expect(refused({ status: 'DONE' })).toMatch(/^status must be one or more of DRAFT/);
    expect(refused({ queue: 'mine' })).toBe('queue must be all');
    expect(refused({ search_by: 'x'.repeat(101) })).toBe('search_by must be at most 100 characters');
    expect(refused({ size: '10', page: '0', status: 'DRAFT' })).toBeNull();
  });
});
