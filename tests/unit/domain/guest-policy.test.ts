import { describe, expect, it } from 'vitest';
import { askPolicy, POLICY_ACTIONS, POLICY_STATES, publicStepOf, type PolicyAction } from '../../../src/domain';

// The guest caller kind of the access policy (DECISIONS "Public applicant flow"): the public
// steps of its own DRAFT, nothing of the review, and reads only once the borrower submitted.

const guest = (submitted = false) => ({ role: 'SELF_APPLY', mfi_employee: null, guest: { application_id: 'a'.repeat(32), submitted } });
const PUBLIC_STEP_ACTIONS: PolicyAction[] = [
  'borrower-step',
  'change-step',
  'step-first-call',
  'add-record',
  'change-record',
  'upload',
  'verify',
  'field-verify',
];

describe('the access policy for a guest', () => {
  it('reads in every state; the public steps only in DRAFT (409 elsewhere); review, offer and staff-only calls never (403)', () => {
    for (const state of POLICY_STATES) {
      expect(askPolicy(guest(), state, 'read')).toEqual({ ok: true });
      for (const action of POLICY_ACTIONS.filter((a) => a !== 'read')) {
        const answer = askPolicy(guest(), state, action);
        if (PUBLIC_STEP_ACTIONS.includes(action))
          expect(answer.ok ? 'allow' : answer.status, `${action} in ${state}`).toBe(state === 'DRAFT' ? 'allow' : 409);
        else expect(answer.ok ? 'allow' : answer.status, `${action} in ${state}`).toBe(403);
      }
    }
  });

  it('once submitted, everything but reading is 409 with the reason', () => {
    for (const action of PUBLIC_STEP_ACTIONS) {
      expect(askPolicy(guest(true), 'DRAFT', action)).toEqual({
        ok: false,
        status: 409,
        message: 'Your application has been sent to the branch. It can no longer be changed here.',
      });
    }
    expect(askPolicy(guest(true), 'DRAFT', 'read')).toEqual({ ok: true });
  });

  it('a guest is never taken for a designation, whatever its profile fields say', () => {
    const posing = { role: 'MFI_EMPLOYEE', mfi_employee: 'BRANCH_MANAGER', guest: { application_id: 'a'.repeat(32), submitted: false } };
    expect(askPolicy(posing, 'PD1_COMPLETE', 'review-move')).toMatchObject({ ok: false, status: 403 });
    expect(askPolicy(posing, 'DRAFT', 'decide-deviation')).toMatchObject({ ok: false, status: 403 });
  });
});

describe('the public flow’s way on from a staff step', () => {
  it.each([
    ['/application/kyc', 'kyc'],
    ['/application/family-details', 'business'],
    ['/application/bank-account-details', 'reference-details'],
    ['/application/references', 'reference-details'],
    ['/application/success/loan-offers', 'success'],
    ['/application/loan-offer', null],
    ['/applications', null],
  ])('%s → %s', (path, step) => {
    expect(publicStepOf(path)).toBe(step);
  });
});
