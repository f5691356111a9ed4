import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, isSanctioned } from '../../../src/domain/policy/enums';
import {
  checkPostSanctionMove,
  checkTransition,
  leavesDraft,
  missingVerifications,
  missingVerificationsMessage,
  statusAfterLoanTypeChange,
  STATUS_TRANSITIONS,
  statusAfterSanctionSteps,
  transitionNeedsRemarks,
  type VerificationFacts,
} from '../../../src/domain/policy/status-machine';

describe('checkTransition (DECISIONS.md status machine)', () => {
  it.each([
    ['DRAFT', 'PD1_COMPLETE'],
    ['PD1_COMPLETE', 'PD2_COMPLETE'],
    ['PD2_COMPLETE', 'APPROVED'],
    ['PD1_COMPLETE', 'PD1_REVIEW'],
    ['PD1_REVIEW', 'PD1_COMPLETE'],
    ['PD2_COMPLETE', 'PD2_REVIEW'],
    ['PD2_REVIEW', 'PD2_COMPLETE'],
  ])('allows %s → %s', (from, to) => expect(checkTransition(from, to)).toEqual({ ok: true }));

  it('reaches REJECTED from every status before APPROVED, and not from APPROVED or a later status', () => {
    for (const from of APPLICATION_STATUSES) {
      const expected = !isSanctioned(from);
      expect(checkTransition(from, 'REJECTED').ok, from).toBe(expected);
    }
  });

  it('allows staying in the same status (a repeated update)', () => {
    for (const s of APPLICATION_STATUSES) expect(checkTransition(s, s)).toEqual({ ok: true });
  });

  it.each([
    ['DRAFT', 'APPROVED', 'An application in DRAFT cannot move to APPROVED. From DRAFT it can move to PD1_COMPLETE or REJECTED.'],
    ['DRAFT', 'PD2_COMPLETE', 'An application in DRAFT cannot move to PD2_COMPLETE. From DRAFT it can move to PD1_COMPLETE or REJECTED.'],
    [
      'PD1_REVIEW',
      'PD2_COMPLETE',
      'An application in PD1_REVIEW cannot move to PD2_COMPLETE. From PD1_REVIEW it can move to PD1_COMPLETE or REJECTED.',
    ],
    [
      'PD2_COMPLETE',
      'DRAFT',
      'An application in PD2_COMPLETE cannot move to DRAFT. From PD2_COMPLETE it can move to PD2_REVIEW, APPROVED or REJECTED.',
    ],
    ['APPROVED', 'PD2_REVIEW', 'This application is approved: its status can no longer change.'],
    [
      'REJECTED',
      'DRAFT',
      'This application is rejected: its status can no longer change. Change the loan type or start a new application.',
    ],
    ['DRAFT', 'SUBMITTED', 'Invalid status'],
    ['WHATEVER', 'DRAFT', 'Unknown application status WHATEVER'],
  ])('refuses %s → %s with a message', (from, to, message) => expect(checkTransition(from, to)).toEqual({ ok: false, message }));

  it('has a row for every status and only known targets', () => {
    expect(Object.keys(STATUS_TRANSITIONS).sort()).toEqual([...APPLICATION_STATUSES].sort());
    for (const targets of Object.values(STATUS_TRANSITIONS)) for (const t of targets) expect(APPLICATION_STATUSES).toContain(t);
  });

  it('knows which moves need remarks and which leave DRAFT', () => {
    expect(transitionNeedsRemarks('PD1_COMPLETE', 'PD1_REVIEW')).toBe(true);
    expect(transitionNeedsRemarks('PD2_COMPLETE', 'PD2_REVIEW')).toBe(true);
    expect(transitionNeedsRemarks('DRAFT', 'REJECTED')).toBe(true);
    expect(transitionNeedsRemarks('DRAFT', 'PD1_COMPLETE')).toBe(false);
    expect(transitionNeedsRemarks('PD1_REVIEW', 'PD1_REVIEW')).toBe(false);
    expect(leavesDraft('DRAFT', 'PD1_COMPLETE')).toBe(true);
    expect(leavesDraft('DRAFT', 'REJECTED')).toBe(false);
    expect(leavesDraft('PD1_COMPLETE', 'PD2_COMPLETE')).toBe(false);
  });

  it('reopens a rejected application as a DRAFT on a loan-type change, and leaves other statuses', () => {
    expect(statusAfterLoanTypeChange('REJECTED')).toBe('DRAFT');
    expect(statusAfterLoanTypeChange('PD1_REVIEW')).toBe('PD1_REVIEW');
  });
});

describe('missingVerifications', () => {
  const all: VerificationFacts = { mobile: true, aadhaar: true, pan: true, voterId: true, gender: 'FEMALE', coApplicants: [] };

  it('is empty when everything is verified', () => expect(missingVerifications(all)).toEqual([]));

  it('lists what is missing in order, with a clear message', () => {
    const missing = missingVerifications({ ...all, mobile: false, aadhaar: false, pan: false, voterId: false });
    expect(missing.map((m) => m.code)).toEqual(['MOBILE', 'AADHAAR', 'PAN', 'VOTER_ID']);
    expect(missingVerificationsMessage(missing)).toBe('Complete the required verifications first: mobile number, Aadhaar, PAN, voter ID.');
  });

  it('needs the voter ID unless the borrower is MALE (an unknown gender needs it)', () => {
    expect(missingVerifications({ ...all, voterId: false, gender: 'MALE' })).toEqual([]);
    expect(missingVerifications({ ...all, voterId: false, gender: 'OTHER' }).map((m) => m.code)).toEqual(['VOTER_ID']);
    expect(missingVerifications({ ...all, voterId: false, gender: null }).map((m) => m.code)).toEqual(['VOTER_ID']);
  });

  it('needs the PAN of each co-applicant given', () => {
    const missing = missingVerifications({
      ...all,
      coApplicants: [
        { type: 'CO_BORROWER', name: 'RAMESH YADAV', panVerified: false },
        { type: 'GUARANTOR', name: 'MOHAN LAL', panVerified: true },
        { type: 'GUARANTOR', name: null, panVerified: false },
      ],
    });
    expect(missingVerificationsMessage(missing)).toBe(
      'Complete the required verifications first: PAN of the co-borrower RAMESH YADAV, PAN of the guarantor.',
    );
  });
});

describe('checkPostSanctionMove (issues 33 and 34)', () => {
  it.each([
    ['APPROVED', 'AGREEMENT_SIGNED'],
    ['APPROVED', 'DISBURSAL_READY'],
    ['AGREEMENT_SIGNED', 'DISBURSAL_READY'],
    ['DISBURSAL_READY', 'DISBURSED'],
    ['DISBURSED', 'CANCELLED'],
  ])('lets a step move %s → %s, which a status update may not', (from, to) => {
    expect(checkPostSanctionMove(from, to)).toEqual({ ok: true });
    expect(checkTransition(from, to).ok).toBe(false);
  });

  it.each([
    ['APPROVED', 'DISBURSED'],
    ['AGREEMENT_SIGNED', 'DISBURSED'],
    ['CANCELLED', 'DISBURSED'],
    ['PD2_COMPLETE', 'AGREEMENT_SIGNED'],
    ['DISBURSED', 'REJECTED'],
  ])('refuses %s → %s', (from, to) => {
    expect(checkPostSanctionMove(from, to)).toEqual({ ok: false, message: `An application in ${from} cannot move to ${to}.` });
  });
});

describe('statusAfterSanctionSteps: the agreement and the mandate in either order', () => {
  it.each([
    [false, false, 'APPROVED'],
    [false, true, 'APPROVED'],
    [true, false, 'AGREEMENT_SIGNED'],
    [true, true, 'DISBURSAL_READY'],
  ] as const)('signed %s, mandate %s → %s', (agreementSigned, mandateRegistered, status) => {
    expect(statusAfterSanctionSteps({ agreementSigned, mandateRegistered })).toBe(status);
  });
});
