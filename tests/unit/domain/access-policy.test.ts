import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_POLICY,
  askPolicy,
  DESIGNATIONS,
  mayChangeApplication,
  mayEverDo,
  policyAllows,
  POLICY_ACTIONS,
  POLICY_MSG,
  POLICY_STATES,
  policyStateOf,
  REVIEW_WORKFLOW,
  STATUS_MSG,
} from '../../../src/domain';
import { POLICY_DOC, policyTable, readmeTable } from '../../../scripts/policy-table';

const officer = { role: 'MFI_EMPLOYEE', mfi_employee: 'RELATIONSHIP_OFFICER' };
const bcm = { role: 'MFI_EMPLOYEE', mfi_employee: 'BRANCH_CREDIT_MANAGER' };
const bm = { role: 'MFI_EMPLOYEE', mfi_employee: 'BRANCH_MANAGER' };

describe('the access policy', () => {
  it("docs/access-policy.md's who-may-do-what table is the policy's (npx tsx scripts/policy-table.ts --write)", () => {
    expect(readmeTable(readFileSync(POLICY_DOC, 'utf8'))).toBe(policyTable());
  });

  it('a refusal is 409 when the designation may do the action in another state, 403 when never (one exception: the officer’s PATCH of a DRAFT)', () => {
    for (const designation of DESIGNATIONS) {
      for (const action of POLICY_ACTIONS) {
        for (const state of POLICY_STATES) {
          const answer = askPolicy({ role: 'MFI_EMPLOYEE', mfi_employee: designation }, state, action);
          if (answer.ok) continue;
          const roleRefusal =
            !mayEverDo(designation, action) ||
            (designation === 'RELATIONSHIP_OFFICER' && action === 'update-application' && state === 'DRAFT');
          expect(answer.status, `${designation} ${action} ${state}`).toBe(roleRefusal ? 403 : 409);
          expect(answer.message.length, `${designation} ${action} ${state}`).toBeGreaterThan(10);
        }
      }
    }
  });

  it('an AGENT and an unknown designation take no part: 403 for every action in every state', () => {
    for (const caller of [
      { role: 'AGENT', mfi_employee: null },
      { role: 'MFI_EMPLOYEE', mfi_employee: 'CASHIER' },
    ]) {
      for (const action of POLICY_ACTIONS)
        for (const state of POLICY_STATES) expect(askPolicy(caller, state, action)).toMatchObject({ status: 403 });
    }
  });

  it('the officer changes an application only while DRAFT or PD1_REVIEW; co-borrowers and family members likewise', () => {
    for (const action of ['change-step', 'add-record', 'change-record', 'upload', 'verify', 'change-account', 'step-first-call'] as const) {
      const open = POLICY_STATES.filter((s) => askPolicy(officer, s, action).ok);
      expect(open, action).toEqual(['DRAFT', 'PD1_REVIEW']);
    }
    expect(askPolicy(officer, 'PD1_COMPLETE', 'add-record')).toEqual({
      ok: false,
      status: 409,
      message: 'Co-borrowers, guarantors and family members can no longer be added or changed: the application is PD1_COMPLETE.',
    });
  });

  it('a reviewer’s or the BRE’s rejection is final for the officer; after a bureau rejection the way out (PATCH, Change Loan Type) is theirs', () => {
    expect(policyStateOf('REJECTED', { bureau_deviation_exists: true })).toBe('REJECTED_BY_BUREAU');
    expect(policyStateOf('REJECTED', { bureau_deviation_exists: false })).toBe('REJECTED');
    expect(policyStateOf('REJECTED', {})).toBe('REJECTED');
    expect(policyStateOf('DRAFT', { bureau_deviation_exists: true })).toBe('DRAFT');
    expect(policyStateOf('SOMETHING', {})).toBeNull();
    expect(askPolicy(officer, 'REJECTED_BY_BUREAU', 'update-application')).toEqual({ ok: true });
    expect(askPolicy(officer, 'REJECTED', 'update-application')).toEqual({ ok: false, status: 409, message: POLICY_MSG.rejectionFinal });
    for (const action of POLICY_ACTIONS.filter((a) => a !== 'read')) {
      expect(askPolicy(officer, 'REJECTED', action).ok, action).toBe(false);
      if (action !== 'update-application') expect(askPolicy(officer, 'REJECTED_BY_BUREAU', action).ok, action).toBe(false);
    }
    // Reviewers do not reopen either kind of rejection.
    expect(askPolicy(bcm, 'REJECTED_BY_BUREAU', 'update-application')).toEqual({
      ok: false,
      status: 409,
      message: STATUS_MSG.rejectedIsFinal,
    });
  });

  it('every move of the review workflow is made by designations the policy lets make a review move from its state', () => {
    for (const move of REVIEW_WORKFLOW) {
      for (const who of move.who) expect(ACCESS_POLICY[who]['review-move'](move.from), `${who} ${move.from} → ${move.to}`).toBe('allow');
    }
  });

  it('roles of spec 02 §6: the business and bank steps’ first call is the officer’s and the credit manager’s, the second the branch manager’s; the offer is the credit manager’s', () => {
    expect(askPolicy(bm, 'DRAFT', 'step-first-call')).toMatchObject({ status: 403 });
    expect(askPolicy(bcm, 'DRAFT', 'step-second-call')).toMatchObject({ status: 403 });
    expect(askPolicy(bm, 'PD2_COMPLETE', 'offer-edit')).toMatchObject({ status: 403 });
    expect(askPolicy(bcm, 'PD2_COMPLETE', 'accept')).toEqual({ ok: true });
    expect(askPolicy(bcm, 'PD2_REVIEW', 'accept')).toEqual({ ok: false, status: 409, message: POLICY_MSG.acceptNeedsPd2 });
    expect(askPolicy(bcm, 'DRAFT', 'decide-deviation')).toEqual({ ok: false, status: 403, message: POLICY_MSG.onlyBranchManagerDecides });
  });

  it('the BRE proposes and only the credit manager confirms a rejection, while the offer is open (after PD1, before the final decision)', () => {
    expect(POLICY_STATES.filter((s) => askPolicy(bcm, s, 'confirm-rejection').ok)).toEqual(['PD1_COMPLETE', 'PD2_COMPLETE', 'PD2_REVIEW']);
    expect(askPolicy(bm, 'PD2_COMPLETE', 'confirm-rejection')).toMatchObject({ status: 403 });
    expect(askPolicy(officer, 'PD2_COMPLETE', 'confirm-rejection')).toMatchObject({ status: 403 });
    expect(askPolicy(bcm, 'DRAFT', 'confirm-rejection')).toEqual({ ok: false, status: 409, message: POLICY_MSG.offerNotYet('DRAFT') });
    expect(askPolicy(bcm, 'REJECTED', 'confirm-rejection')).toEqual({
      ok: false,
      status: 409,
      message: POLICY_MSG.offerClosed('REJECTED'),
    });
  });

  it('the screens ask the same table: "Change account" while the application may be changed, the offer edited by the credit manager', () => {
    expect(mayChangeApplication('RELATIONSHIP_OFFICER', 'PD1_REVIEW')).toBe(true);
    expect(mayChangeApplication('RELATIONSHIP_OFFICER', 'PD1_COMPLETE')).toBe(false);
    expect(mayChangeApplication('BRANCH_MANAGER', 'PD2_REVIEW')).toBe(true);
    expect(mayChangeApplication('BRANCH_MANAGER', 'APPROVED')).toBe(false);
    expect(mayChangeApplication('AGENT', 'DRAFT')).toBe(false);
    expect(mayChangeApplication(null, 'DRAFT')).toBe(false);
    expect(policyAllows('BRANCH_CREDIT_MANAGER', 'PD2_REVIEW', 'offer-edit')).toBe(true);
    expect(policyAllows('BRANCH_CREDIT_MANAGER', 'PD2_REVIEW', 'accept')).toBe(false);
    expect(policyAllows('BRANCH_MANAGER', 'PD2_COMPLETE', 'offer-edit')).toBe(false);
    expect(policyAllows('BRANCH_CREDIT_MANAGER', 'UNKNOWN', 'read')).toBe(false);
  });
});
