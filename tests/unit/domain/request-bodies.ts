import * as z from 'zod/mini';
import * as domain from '../../../src/domain';

/**
 * Every request body and query the domain gives the server, each with a valid value that fills
 * every field (optional ones too), so a test can change one field and see what the schema says.
 */
export const today = { year: 2026, month: 6, day: 15 };
const applicationId = 'a'.repeat(32);

export type Body = { schema: z.ZodMiniType; valid: Record<string, unknown> };

export const BODIES = {
  sendOtpBody: { schema: domain.sendOtpBody, valid: { mobile: '9876543210', hostname: 'sahyog.localhost' } },
  resendOtpBody: { schema: domain.resendOtpBody, valid: { session_id: 's1' } },
  verifyOtpBody: { schema: domain.verifyOtpBody, valid: { session_id: 's1', otp: '123456' } },
  validationSendBody: { schema: domain.validationSendBody, valid: { mobile: '9876543210', hostname: 'sahyog.localhost' } },
  validationResendBody: { schema: domain.validationResendBody, valid: { session_id: 's1' } },
  validationVerifyBody: { schema: domain.validationVerifyBody, valid: { session_id: 's1', otp: '123456', purpose: 'APPLY_LOAN_MFI' } },
  requestAadhaarOtpBody: { schema: domain.requestAadhaarOtpBody, valid: { aadhaar: '234567890124', application_id: applicationId } },
  submitAadhaarOtpBody: {
    schema: domain.submitAadhaarOtpBody,
    valid: { ref_id: 'r1', origin: 'GL', application_id: applicationId, otp: '123456' },
  },
  verifyPanBody: { schema: domain.verifyPanBody, valid: { pan: 'BDVPD4821K', application_id: applicationId } },
  verifyVoterIdBody: {
    schema: domain.verifyVoterIdBody,
    valid: { voter_id: 'XKD1234566', reference: 'SAHYOG-1234-1750000000', application_id: applicationId },
  },
  nameMatcherBody: {
    schema: domain.nameMatcherBody,
    valid: {
      application_id: applicationId,
      values: [
        { value: 'Lakshmi Devi', source: 'PAN' },
        { value: 'Lakshmi Devi', source: 'INPUT' },
      ],
    },
  },
  joinUsRequestSchema: {
    schema: domain.joinUsRequestSchema,
    valid: {
      first_name: 'Ravi',
      last_name: 'Kumar',
      mobile: '9876543210',
      business_name: 'Kumar Stores',
      gst_number: '29ABCDE1234F1Z5',
      email: 'ravi@example.com',
      pincode: '560034',
      city: 'Bengaluru',
      state: 'Karnataka',
      address: '12 MG Road',
      bank_name: 'SBI',
      account_number: '123456789',
      ifsc: 'SBIN0001234',
      pan: 'f1',
      aadhaar_front: 'f2',
      aadhaar_back: 'f3',
      gst: 'f4',
      cancelled_cheque: 'f5',
    },
  },
  joinUsTrackSchema: { schema: domain.joinUsTrackSchema, valid: { tracker_id: '9876543210' } },
  joinUsRejectSchema: { schema: domain.joinUsRejectSchema, valid: { reason: 'The cheque is unreadable' } },
  joinUsListQuerySchema: { schema: domain.joinUsListQuerySchema, valid: { status: 'RECEIVED', page: '0', size: '10' } },
  borrowerSchema: {
    schema: domain.borrowerSchema(today),
    // LAKSHMI DEVI, the sandbox persona of DECISIONS.md.
    valid: {
      phone: '9876543210',
      aadhaar: '234567890124',
      title: 'Mrs.',
      name: 'Lakshmi Devi',
      alternate_phone: '9876543211',
      email: 'lakshmi@example.com',
      gender: 'FEMALE',
      marital_status: 'Married',
      dob: '12-04-1985',
      age: 41,
      pan: 'BDVPD4821K',
      voter_id: 'XKD1234566',
      pincode: '560034',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      address: '12 MG Road',
      landmark: 'Near the temple',
      address_ownership_type: 'FAMILY_OWNED',
      address_owned_by: 'Ramesh Devi',
      years_of_residence: 5,
      house_type: 'Pakka',
      loan_type: 'MFI_BUSINESS_LOAN',
      amount_requested: 100000,
      tenure_requested: 12,
      emi_requested: 9000,
      purpose: 'expansion of existing business',
      terms_accepted: true,
      is_phone_verified: true,
      borrower_photo_from_aadhaar: 'f0',
      remarks: 'Met at the shop',
    },
  },
  kycSchema: {
    schema: domain.kycSchema,
    valid: {
      guardian_name: 'Shyam Devi',
      guardian_relationship: 'Husband',
      mother_name: 'Kamla Devi',
      category: 'OBC',
      religion: 'Hindu',
      mother_tongue: 'Kannada',
      education_qualification: '10th Pass',
      no_of_family_members: 4,
      no_of_earning_members: 2,
      photo_file: 'p1',
      photo_geo_tag_info: { latitude: 12.97, longitude: 77.59 },
      pan_file: 'p2',
      aadhaar_front_file: 'p3',
      aadhaar_back_file: 'p4',
      voter_id_file: 'p5',
      voter_id_back_file: 'p6',
      gender: 'FEMALE',
      remarks: 'All clear',
      status: 'DRAFT',
    },
  },
  coApplicantSchema: {
    schema: domain.coApplicantSchema(today),
    valid: {
      id: 'b'.repeat(32),
      type: 'CO_BORROWER',
      relationship: 'Spouse',
      title: 'Mr.',
      phone: '9876543211',
      name: 'Ramesh Yadav',
      guardian_name: 'Shyam Yadav',
      guardian_relationship: 'Father',
      gender: 'MALE',
      income: 25000,
      dob: '03-09-1982',
      age: 43,
      marital_status: 'Married',
      email: 'ramesh@example.com',
      pincode: '560034',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      address: '12 MG Road',
      landmark: 'Near the temple',
      pan: 'CRYPY5532L',
      pan_file: 'f1',
      aadhaar_front_file: 'f2',
      aadhaar_back_file: 'f3',
      aadhaar: '1234',
      voter_id_file: 'f4',
      voter_id_back_file: 'f5',
      voter_id: 'XKD1234566',
    },
  },
  familyMemberSchema: {
    schema: domain.familyMemberSchema(today),
    valid: {
      id: 'c'.repeat(32),
      name: 'Anil Kumar',
      relation_to_borrower: 'Son',
      phone: '9876543212',
      email: 'anil@example.com',
      pan: 'ABCPK1234D',
      guardian_name: 'Ravi Kumar',
      guardian_relationship: 'Father',
      pincode: '560034',
      city: 'Bengaluru',
      state: 'Karnataka',
      address: '12 MG Road',
      gender: 'MALE',
      dob: '01-01-2000',
      education_qualification: 'Graduation',
      income: 12000,
      pan_file: 'f1',
      aadhaar_front_file: 'f2',
      aadhaar_back_file: 'f3',
      voter_id_file: 'f4',
    },
  },
  applicationUploadFields: {
    schema: domain.applicationUploadFields,
    valid: {
      application_id: applicationId,
      record_index: '0',
      phone: '9876543210',
      file_type: 'PAN',
      upload_type: 'LOAN_APPLICANT_CO_APPLICANT',
      name_prefix: 'co_applicant',
    },
  },
  joinUsUploadFields: { schema: domain.joinUsUploadFields, valid: { file_type: 'PAN' } },
  deviations: {
    schema: z.object({ deviations: domain.deviationsSchema }),
    valid: { deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }] },
  },
  businessDetailsSchema: { schema: domain.businessDetailsSchema, valid: validBusinessDetails() },
  employmentInfoSchema: {
    schema: domain.employmentInfoSchema,
    valid: {
      company_name: 'Infosys Limited',
      designation: 'Accountant',
      official_email: 'ramesh@infosys.example',
      monthly_in_hand_salary: 32000,
      work_experience_years: 6,
      work_experience_months: 4,
      company_pincode: '560100',
      company_city: 'Bengaluru',
      company_state: 'Karnataka',
      company_address: 'Electronics City Phase 1',
      company_address_type: 'Business',
      company_id_card: 'f1',
      salary_slip1: 'f2',
      salary_slip2: 'f3',
      salary_slip3: 'f4',
      company_website_link: 'https://www.infosys.com',
      company_sector: 'IT services',
    },
  },
  bankAccountSchema: {
    schema: domain.bankAccountSchema,
    valid: {
      account_holder_name: 'Lakshmi Devi',
      account_number: '30012345678',
      confirm_account_number: '30012345678',
      account_type: 'SAVINGS',
      ifsc_code: 'SBIN0001234',
      bank_name: 'State Bank of India',
      bank_proof: 'f1',
      deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION' }],
    },
  },
  verifyBankAccountBody: {
    schema: domain.verifyBankAccountBody,
    valid: {
      account_number: '30012345678',
      ifsc: 'SBIN0001234',
      phone: '9876543210',
      reference: 'SAHYOG-BANK-1',
      application_id: applicationId,
    },
  },
  bankIdentityBody: {
    schema: domain.bankIdentityBody,
    valid: { bank_name: 'State Bank of India', files: [{ file_id: 'f1', password: 'LAKSHMI1985' }], application_id: applicationId },
  },
  bankStatementInfoBody: {
    schema: domain.bankStatementInfoBody,
    valid: { bank_name: 'SBIN', password: 'LAKSHMI1985', file_id: 'f1', mfi_app_id: applicationId },
  },
} satisfies Record<string, Body>;
export type BodyName = keyof typeof BODIES;

/** LAKSHMI DEVI's shop, rented, with all three banks and both ownership proofs: every field filled. */
export function validBusinessDetails(): Record<string, unknown> {
  return {
    business_name: 'Lakshmi General Store',
    business_type: 'Sole Proprietorship',
    sector_of_business: 'Trading',
    // 'Others' is a category of every sector, and the 'Others' input is filled: any sector passes.
    sector_of_business_other: 'Retail',
    category_of_business: 'Others',
    business_pincode: '560034',
    business_district: 'Bengaluru Urban',
    business_city: 'Bengaluru',
    business_state: 'Karnataka',
    business_address: '14 Market Road, Koramangala',
    businesss_landmark: 'Opposite the bus stand',
    business_address_ownership_type: 'RENTED',
    owned_by: null,
    years_in_business: 6,
    udyam_regd_no: 'UDYAM-KA-03-0012345',
    bank_name: 'State Bank of India',
    statement_bank_id: 1,
    bank_statement: ['s1'],
    bank_statement_pwd: 'LAKSHMI1985',
    bank_account_type: 'SAVINGS',
    credit_limit: 0,
    bank_name1: 'HDFC Bank',
    statement_bank_id1: 2,
    bank_statement1: ['s2'],
    bank_statement_pwd1: 'pw',
    bank_account_type1: 'CURRENT',
    credit_limit1: 50000,
    bank_name2: 'Canara Bank',
    statement_bank_id2: 3,
    bank_statement2: ['s3'],
    bank_statement_pwd2: 'pw',
    bank_account_type2: 'OVERDRAFT',
    credit_limit2: 100000,
    gst_no: '29BDVPD4821K1Z2',
    gst_upload: 'f1',
    business_proof_type: 'GST registration certificate',
    upload_business_proof: 'f2',
    ownership_proof_type: 'BOTH',
    business_ownership_proof: 'land revenue receipt',
    business_ownership_proof_file: 'f3',
    residence_ownership_proof: 'registered sales/gift deed',
    residence_ownership_proof_file: 'f4',
    business_rent_agreement: 'f5',
    remarks: 'Shop visited',
  };
}

export type Path = readonly (string | number)[];

/** A copy of `value` with `path` set to `leaf`. */
export function withValue(value: Record<string, unknown>, path: Path, leaf: unknown): Record<string, unknown> {
  const copy = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = leaf;
  return copy;
}

/** The value at `path`. */
export const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);

/** The first message of a parse, or 'ok'. */
export function messageOf(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? 'no message');
}
