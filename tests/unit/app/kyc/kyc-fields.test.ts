import { describe, expect, it } from 'vitest';
import { KYC_FIELD_SPECS, KYC_TEXT_FIELDS } from '../../../../src/app/features/kyc-documents/kyc-fields';

describe('the KYC form fields (kyc-fields.ts, from kycSchema)', () => {
  it('shows every typed field of the schema, in the schema order', () => {
    expect(KYC_FIELD_SPECS.map((spec) => spec.name)).toEqual([...KYC_TEXT_FIELDS]);
  });

  it('offers the schema values of each choice', () => {
    const relation = KYC_FIELD_SPECS.find((spec) => spec.name === 'guardian_relationship');
    expect(relation?.kind === 'select' ? relation.options.map((o) => o.value) : []).toEqual(['Father', 'Husband', 'Guardian']);
  });
});
