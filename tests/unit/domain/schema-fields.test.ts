import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  bankAccountSchema,
  BUSINESS_DETAILS_FIELDS,
  businessDetailsSchema,
  coApplicantSchema,
  employmentInfoSchema,
  familyMemberSchema,
  joinUsRequestSchema,
  kycSchema,
  schemaField,
  typedFieldsOf,
} from '../../../src/domain';
import { fileId, optionalFileId } from '../../../src/domain/steps/form-checks';
import { schemaFields } from '../../../src/domain/steps/schema-fields';

describe('schemaFields (what a form reads of its zod/mini schema)', () => {
  const schema = z
    .object({
      name: z.string('m').check(z.trim(), z.minLength(3, 'm'), z.maxLength(100, 'long')),
      note: z.optional(z.nullable(z.string().check(z.maxLength(50, 'x')))),
      kind: z.enum(['A', 'B'], 'pick'),
      count: z.coerce.number('n'),
      proof: fileId('upload it'),
      extra: optionalFileId,
      place: z.optional(z.object({ lat: z.number() })),
      account: z.optional(z.pipe(z.string().check(z.maxLength(10, 'x')), z.enum(['SAVINGS', 'CURRENT']))),
    })
    .check(z.refine(() => true));

  it('names each field in order with its kind, required-ness, longest value and options', () => {
    expect(schemaFields(schema)).toEqual([
      { name: 'name', kind: 'text', required: true, maxLength: 100 },
      { name: 'note', kind: 'text', required: false, maxLength: 50 },
      { name: 'kind', kind: 'choice', required: true, options: ['A', 'B'] },
      { name: 'count', kind: 'number', required: true },
      { name: 'proof', kind: 'upload', required: true, maxLength: 64 },
      { name: 'extra', kind: 'upload', required: false, maxLength: 64 },
      { name: 'place', kind: 'other', required: false },
      { name: 'account', kind: 'choice', required: false, maxLength: 10, options: ['SAVINGS', 'CURRENT'] },
    ]);
  });

  it('lists the typed fields without the uploads, the others and the exceptions', () => {
    expect(typedFieldsOf(schema, ['count'])).toEqual(['name', 'note', 'kind', 'account']);
    expect(() => schemaField(schema, 'gone')).toThrow('no field gone');
  });

  it('gives the forms the fields they listed by hand before', () => {
    expect(typedFieldsOf(coApplicantSchema({ year: 2026, month: 1, day: 1 }), ['id', 'age'])).toEqual([
      'type',
      'relationship',
      'title',
      'phone',
      'name',
      'guardian_name',
      'guardian_relationship',
      'gender',
      'income',
      'dob',
      'marital_status',
      'email',
      'pincode',
      'city',
      'district',
      'state',
      'address',
      'landmark',
      'pan',
      'aadhaar',
      'voter_id',
    ]);
    expect(typedFieldsOf(employmentInfoSchema, [])).toEqual([
      'company_name',
      'designation',
      'official_email',
      'monthly_in_hand_salary',
      'work_experience_years',
      'work_experience_months',
      'company_pincode',
      'company_city',
      'company_state',
      'company_address',
      'company_address_type',
      'company_website_link',
      'company_sector',
    ]);
    expect(typedFieldsOf(bankAccountSchema, [])).toEqual([
      'account_holder_name',
      'account_number',
      'confirm_account_number',
      'account_type',
      'ifsc_code',
      'bank_name',
    ]);
    const uploads = [
      'bank_statement',
      'bank_statement1',
      'bank_statement2',
      'gst_upload',
      'upload_business_proof',
      'business_ownership_proof_file',
      'residence_ownership_proof_file',
      'business_rent_agreement',
    ];
    const typed: readonly string[] = typedFieldsOf(businessDetailsSchema, []);
    expect(BUSINESS_DETAILS_FIELDS.filter((f) => typed.includes(f))).toEqual(BUSINESS_DETAILS_FIELDS.filter((f) => !uploads.includes(f)));
    expect(typedFieldsOf(kycSchema, ['gender', 'status'])).toEqual([
      'guardian_name',
      'guardian_relationship',
      'mother_name',
      'category',
      'religion',
      'mother_tongue',
      'education_qualification',
      'no_of_family_members',
      'no_of_earning_members',
      'remarks',
    ]);
    expect(typedFieldsOf(familyMemberSchema({ year: 2026, month: 1, day: 1 }), ['id'])).toEqual([
      'name',
      'relation_to_borrower',
      'phone',
      'email',
      'pan',
      'guardian_name',
      'guardian_relationship',
      'pincode',
      'city',
      'state',
      'address',
      'gender',
      'dob',
      'education_qualification',
      'income',
    ]);
    expect(typedFieldsOf(joinUsRequestSchema, [])).toEqual([
      'first_name',
      'last_name',
      'mobile',
      'business_name',
      'gst_number',
      'email',
      'pincode',
      'city',
      'state',
      'address',
      'bank_name',
      'account_number',
      'ifsc',
    ]);
  });
});
