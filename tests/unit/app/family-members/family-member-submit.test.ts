import { describe, expect, it } from 'vitest';
import type { LocalRecord } from '../../../../src/app/db/records';
import { toFamilyValues } from '../../../../src/app/features/family-members/family-member-fields';
import { familySubmitTarget } from '../../../../src/app/features/family-members/family-member-submit';

const ID = 'f'.repeat(32);
const record = (overrides: Partial<LocalRecord>): LocalRecord => ({
  localId: ID,
  applicationLocalId: 'app',
  kind: 'family_member',
  values: {},
  syncState: 'pending',
  createdAt: 0,
  updatedAt: 0,
  ...overrides,
});

describe('familySubmitTarget', () => {
  it('POSTs a member the server has not got', () => {
    expect(familySubmitTarget(undefined, ID)).toEqual({ method: 'POST', url: '/v1/app/mfi/{app}/family-member' });
    // Its create was refused (parked): it is created again with the corrected values.
    expect(familySubmitTarget(record({ syncState: 'needs_attention' }), ID).method).toBe('POST');
  });

  it('PATCHes a synced member, one the server answered, and one whose create is still queued ahead', () => {
    const patch = { method: 'PATCH', url: `/v1/app/mfi/family-member/${ID}` };
    expect(familySubmitTarget(record({ syncState: 'synced' }), ID)).toEqual(patch);
    expect(familySubmitTarget(record({ syncState: 'pending' }), ID)).toEqual(patch);
    expect(familySubmitTarget(record({ syncState: 'needs_attention', server: { id: ID } }), ID)).toEqual(patch);
  });
});

describe('toFamilyValues', () => {
  it('takes strings and numbers of the known fields, with the date shown DD-MM-YYYY', () => {
    expect(toFamilyValues({ name: 'Sita', income: 15000, dob: '1990-05-12', pan_file: 'x', other: 1 })).toMatchObject({
      name: 'Sita',
      income: '15000',
      dob: '12-05-1990',
      phone: '',
    });
    expect(toFamilyValues(null).name).toBe('');
  });
});
