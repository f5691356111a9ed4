import { describe, expect, it } from 'vitest';
import * as domain from '../../../src/domain';
import { BODIES, messageOf, validBusinessDetails } from './request-bodies';

const {
  businessDetailsSchema,
  employmentInfoSchema,
  bankAccountSchema,
  canAddBank,
  additionalBankCount,
  gstPanDiffers,
  gstinPan,
  businessDetailsWarnings,
  needsRentProof,
  statementFileIds,
  APP_MSG: M,
} = domain;

const business = (patch: Record<string, unknown> = {}) => ({ ...validBusinessDetails(), ...patch });
/** The first bank only: the smallest valid business form. */
const oneBank = (patch: Record<string, unknown> = {}) => {
  const v = business();
  for (const s of ['1', '2'])
    for (const f of ['bank_name', 'statement_bank_id', 'bank_statement', 'bank_statement_pwd', 'bank_account_type', 'credit_limit'])
      delete v[`${f}${s}`];
  return { ...v, ...patch };
};
const parsed = (value: unknown) => {
  const r = businessDetailsSchema.safeParse(value);
  if (!r.success) throw new Error(r.error.issues[0]?.message);
  return r.data as Record<string, unknown>;
};

describe('business details: the messages of spec 02 §5, in screen order', () => {
  it.each([
    ['business_name', 'ab', 'Invalid business name'],
    ['business_type', '', 'Invalid business type'],
    ['sector_of_business', undefined, 'Please select sector of business'],
    ['category_of_business', undefined, 'Please select category of business'],
    ['business_pincode', '012345', 'Invalid pincode'],
    ['business_district', ' ', 'Invalid district'],
    ['business_city', '', 'Invalid City'],
    ['business_state', '', 'Invalid state'],
    ['business_address', 'short', 'Invalid address'],
    ['business_address_ownership_type', 'OWNED', 'Please select business address type'],
    ['years_in_business', 0, 'Years in business required'],
    ['years_in_business', '', 'Years in business required'],
    ['bank_name', '', 'Invalid Bank Name'],
    ['statement_bank_id', 0, 'Bank selection is required'],
    ['statement_bank_id', '', 'Bank selection is required'],
    ['bank_statement', [], 'Missing bank statement'],
    ['bank_statement', '', 'Missing bank statement'],
    ['bank_statement', null, 'Missing bank statement'],
    ['business_proof_type', 'PAN card', 'Please select business proof type'],
    ['upload_business_proof', '', 'Please select business proof'],
    ['ownership_proof_type', '', 'Please select ownership proof of'],
    ['credit_limit', -1, 'Invalid credit limit'],
  ])('%s = %j: %s', (field, value, message) => expect(messageOf(businessDetailsSchema, business({ [field]: value }))).toBe(message));

  it('the minimal form passes: one bank, the optional fields left out', () => {
    const v = oneBank({
      udyam_regd_no: undefined,
      gst_no: '',
      businesss_landmark: undefined,
      bank_statement_pwd: undefined,
      bank_account_type: undefined,
      credit_limit: undefined,
    });
    expect(messageOf(businessDetailsSchema, v)).toBe('ok');
  });

  it('reports the first failing field of the screen first, whichever rule raised it', () => {
    const r = businessDetailsSchema.safeParse(business({ remarks: 'x'.repeat(2000), business_name: '', business_rent_agreement: '' }));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path![0])).toEqual(['business_name', 'business_rent_agreement', 'remarks']);
  });

  it('a statement is one file id or a list of them', () => {
    expect(messageOf(businessDetailsSchema, business({ bank_statement: 's1' }))).toBe('ok');
    expect(messageOf(businessDetailsSchema, business({ bank_statement: ['s1', 's2', 's3'] }))).toBe('ok');
    expect(messageOf(businessDetailsSchema, business({ bank_statement: Array.from({ length: 13 }, (_, i) => `s${i}`) }))).toBe(
      'Missing bank statement',
    );
    expect(statementFileIds('s1')).toEqual(['s1']);
    expect(statementFileIds(['s1', '', 's2'])).toEqual(['s1', 's2']);
    expect(statementFileIds(undefined)).toEqual([]);
  });

  it('account type is upper-cased before its choice is checked', () => {
    expect(parsed(business({ bank_account_type: ' savings ' })).bank_account_type).toBe('SAVINGS');
    expect(parsed(business({ bank_account_type: 'current account with od' })).bank_account_type).toBe('CURRENT ACCOUNT WITH OD');
  });
});

describe('business details: sector and category', () => {
  it("sector 'Others' needs its own input; another sector drops a stale one", () => {
    expect(messageOf(businessDetailsSchema, business({ sector_of_business: 'Others', sector_of_business_other: '' }))).toBe(
      'Please enter sector of business',
    );
    expect(parsed(business({ sector_of_business: 'Others', sector_of_business_other: 'Recycling' })).sector_of_business_other).toBe(
      'Recycling',
    );
    expect(
      parsed(business({ sector_of_business: 'Trading', sector_of_business_other: 'Recycling' })).sector_of_business_other,
    ).toBeUndefined();
  });

  it('a category must be one of its sector', () => {
    expect(messageOf(businessDetailsSchema, business({ sector_of_business: 'Trading', category_of_business: 'Dairy' }))).toBe(
      'Please select category of business',
    );
    expect(
      messageOf(businessDetailsSchema, business({ sector_of_business: 'Agriculture and allied', category_of_business: 'Dairy' })),
    ).toBe('ok');
    expect(messageOf(businessDetailsSchema, business({ category_of_business: 'Gold' }))).toBe('Please select category of business');
  });

  it('the list has the sectors DECISIONS names, each with categories', () => {
    const list = domain.businessCategoryList();
    expect(list.map((s) => s.sector)).toEqual(['Manufacturing', 'Trading', 'Services', 'Agriculture and allied', 'Others']);
    for (const item of list) expect(item.businessCategory.length).toBeGreaterThan(0);
  });
});

describe('business details: address ownership', () => {
  it.each([
    ['SELF_OWNED', false],
    ['FAMILY_OWNED', false],
    ['RENTED', true],
    ['LEASED', true],
    ['OTHERS', true],
  ])('%s needs a rent proof: %s', (ownership, needed) => {
    expect(needsRentProof(ownership)).toBe(needed);
    const without = business({ business_address_ownership_type: ownership, business_rent_agreement: null });
    expect(messageOf(businessDetailsSchema, without)).toBe(needed ? 'Please upload rent agreement' : 'ok');
  });

  it('a rent agreement an owned place does not need is not kept', () => {
    expect(
      parsed(business({ business_address_ownership_type: 'SELF_OWNED', business_rent_agreement: 'f5' })).business_rent_agreement,
    ).toBeUndefined();
    expect(parsed(business({ business_address_ownership_type: 'RENTED' })).business_rent_agreement).toBe('f5');
  });

  it('owned-by is kept only for a family-owned place', () => {
    expect(parsed(business({ business_address_ownership_type: 'FAMILY_OWNED', owned_by: 'Shyam Devi' })).owned_by).toBe('Shyam Devi');
    expect(parsed(business({ owned_by: 'Shyam Devi' })).owned_by).toBeUndefined();
  });
});

describe('business details: ownership proof', () => {
  it('BUSINESS needs the business proof and its file, and drops the residence one', () => {
    expect(messageOf(businessDetailsSchema, business({ ownership_proof_type: 'BUSINESS', business_ownership_proof: null }))).toBe(
      'Please select business ownership proof',
    );
    expect(messageOf(businessDetailsSchema, business({ ownership_proof_type: 'BUSINESS', business_ownership_proof_file: '' }))).toBe(
      'Please upload business ownership proof',
    );
    const out = parsed(business({ ownership_proof_type: 'BUSINESS' }));
    expect([out.residence_ownership_proof, out.residence_ownership_proof_file]).toEqual([undefined, undefined]);
    expect(out.business_ownership_proof_file).toBe('f3');
  });

  it('RESIDENCE needs the residence proof and its file, and drops the business one', () => {
    expect(messageOf(businessDetailsSchema, business({ ownership_proof_type: 'RESIDENCE', residence_ownership_proof: '' }))).toBe(
      'Please select residence ownership proof',
    );
    expect(messageOf(businessDetailsSchema, business({ ownership_proof_type: 'RESIDENCE', residence_ownership_proof_file: null }))).toBe(
      'Please upload residence ownership proof',
    );
    expect(parsed(business({ ownership_proof_type: 'RESIDENCE' })).business_ownership_proof).toBeUndefined();
  });

  it('BOTH needs both', () => {
    const r = businessDetailsSchema.safeParse(
      business({ ownership_proof_type: 'BOTH', business_ownership_proof_file: '', residence_ownership_proof_file: '' }),
    );
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'Please upload business ownership proof',
      'Please upload residence ownership proof',
    ]);
  });
});

describe('business details: GSTIN and Udyam', () => {
  it.each([
    ['29BDVPD4821K1Z2', 'ok'],
    ['29bdvpd4821k1z2', 'ok'],
    [' 29BDVPD4821K1Z2 ', 'ok'],
    ['', 'ok'],
    [null, 'ok'],
    ['29BDVPD4821K1Z3', 'Invalid GST number'],
    ['29BDVPD4821K0Z2', 'Invalid GST number'],
    ['29BDVPD4821K1Y2', 'Invalid GST number'],
    ['2BDVPD4821K1Z2', 'Invalid GST number'],
    ['29BDVPD4821K1Z', 'Invalid GST number'],
    ['29BDVPD4821K1Z22', 'Invalid GST number'],
  ])('gst_no %j: %s', (gst, message) => expect(messageOf(businessDetailsSchema, business({ gst_no: gst }))).toBe(message));

  it('a GSTIN is stored upper-cased', () => expect(parsed(business({ gst_no: '29bdvpd4821k1z2' })).gst_no).toBe('29BDVPD4821K1Z2'));

  it("flags a GSTIN whose PAN is not the borrower's, and only then", () => {
    expect(gstinPan('29BDVPD4821K1Z2')).toBe('BDVPD4821K');
    expect(gstinPan('29BDVPD4821K1Z3')).toBeNull();
    expect(gstPanDiffers('29BDVPD4821K1Z2', 'BDVPD4821K')).toBe(false);
    expect(gstPanDiffers('29bdvpd4821k1z2', 'bdvpd4821k')).toBe(false);
    expect(gstPanDiffers('27CRYPY5532L1ZK', 'BDVPD4821K')).toBe(true);
    expect(gstPanDiffers('27CRYPY5532L1ZX', 'BDVPD4821K')).toBe(false);
    expect(gstPanDiffers('27CRYPY5532L1ZK', null)).toBe(false);
    expect(businessDetailsWarnings({ gst_no: '27CRYPY5532L1ZK' }, 'BDVPD4821K')).toEqual([
      { field: 'gst_no', message: M.gstPanMismatchWarning },
    ]);
    expect(businessDetailsWarnings({ gst_no: '29BDVPD4821K1Z2' }, 'BDVPD4821K')).toEqual([]);
    // A flag, never a block.
    expect(messageOf(businessDetailsSchema, business({ gst_no: '27CRYPY5532L1ZK' }))).toBe('ok');
  });

  it.each([
    ['UDYAM-KA-03-0012345', 'ok'],
    ['udyam-ka-03-0012345', 'ok'],
    ['', 'ok'],
    ['UDYAM-K1-03-0012345', 'Invalid Udyam registration number'],
    ['UDYAM-KA-3-00123456', 'Invalid Udyam registration number'],
    ['UDYAM-KA-03-001234', 'Invalid Udyam registration number'],
    ['UDYAM-KA-03-001234A', 'Invalid Udyam registration number'],
    ['UDYAMKA030012345', 'Invalid Udyam registration number'],
    ['UDYOG-KA-03-0012345', 'Invalid Udyam registration number'],
  ])('udyam_regd_no %j: %s', (udyam, message) =>
    expect(messageOf(businessDetailsSchema, business({ udyam_regd_no: udyam }))).toBe(message),
  );
});

describe('business details: additional banks (at most 2)', () => {
  it('a started additional bank needs its bank, selection and statement', () => {
    expect(messageOf(businessDetailsSchema, oneBank({ bank_statement1: ['s2'] }))).toBe('Invalid Bank Name');
    expect(messageOf(businessDetailsSchema, oneBank({ bank_name1: 'HDFC Bank', bank_statement1: ['s2'] }))).toBe(
      'Bank selection is required',
    );
    expect(messageOf(businessDetailsSchema, oneBank({ bank_name1: 'HDFC Bank', statement_bank_id1: 2 }))).toBe('Missing bank statement');
    expect(messageOf(businessDetailsSchema, oneBank({ bank_name1: 'HDFC Bank', statement_bank_id1: 2, bank_statement1: 's2' }))).toBe('ok');
  });

  it('the third bank needs the second', () => {
    expect(messageOf(businessDetailsSchema, oneBank({ bank_name2: 'Canara Bank', statement_bank_id2: 3, bank_statement2: ['s3'] }))).toBe(
      'Add the second bank before the third',
    );
  });

  it('there is no fourth bank: a suffix 3 is not part of the form', () => {
    const out = parsed(business({ bank_name3: 'Axis Bank', statement_bank_id3: 4, bank_statement3: ['s4'] }));
    expect(Object.keys(out).filter((k) => k.endsWith('3'))).toEqual([]);
    expect(domain.BANK_SUFFIXES).toEqual(['', '1', '2']);
    expect(domain.MAX_ADDITIONAL_BANKS).toBe(2);
  });

  it("'Add Bank' is disabled while the first bank or its statement is missing, or when 2 are shown", () => {
    const first = { bank_name: 'SBI', statement_bank_id: 1, bank_statement: ['s1'] };
    expect(canAddBank(first, 0)).toBe(true);
    expect(canAddBank(first, 1)).toBe(true);
    expect(canAddBank(first, 2)).toBe(false);
    expect(canAddBank({ ...first, bank_name: '' }, 0)).toBe(false);
    expect(canAddBank({ ...first, statement_bank_id: undefined }, 0)).toBe(false);
    expect(canAddBank({ ...first, bank_statement: [] }, 0)).toBe(false);
    expect(additionalBankCount(business())).toBe(2);
    expect(additionalBankCount(oneBank())).toBe(0);
  });
});

describe('employment and personal discussion', () => {
  const valid = BODIES.employmentInfoSchema.valid;
  it.each([
    ['company_pincode', '12345', 'Invalid pincode'],
    ['company_pincode', undefined, 'Invalid pincode'],
    ['company_address_type', 'Office', 'Please select company address type'],
    ['salary_slip1', '', 'Missing salary slip 1'],
    ['salary_slip2', undefined, 'Missing salary slip 2'],
    ['salary_slip3', null, 'Missing salary slip 3'],
    ['official_email', 'not-an-email', 'Invalid email'],
    ['monthly_in_hand_salary', -5, 'Invalid monthly in-hand salary'],
    ['work_experience_months', 12, 'Invalid work experience'],
    ['work_experience_years', 1.5, 'Invalid work experience'],
  ])('%s = %j: %s', (field, value, message) => expect(messageOf(employmentInfoSchema, { ...valid, [field]: value })).toBe(message));

  it('only the pincode, address type and three slips are required', () => {
    expect(
      messageOf(employmentInfoSchema, {
        company_pincode: '560100',
        company_address_type: 'Both',
        salary_slip1: 'a',
        salary_slip2: 'b',
        salary_slip3: 'c',
      }),
    ).toBe('ok');
  });

  it('the three slips are reported in order', () => {
    const r = employmentInfoSchema.safeParse({ ...valid, salary_slip3: '', salary_slip1: '', salary_slip2: '' });
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Missing salary slip 1', 'Missing salary slip 2', 'Missing salary slip 3']);
  });
});

describe('bank account', () => {
  const valid = BODIES.bankAccountSchema.valid;
  it.each([
    ['account_holder_name', 'Ab', 'Invalid account holder name'],
    ['account_number', '', 'Please enter account number'],
    ['account_number', '12345678', 'Invalid account number'],
    ['account_number', '12345678A', 'Invalid account number'],
    ['confirm_account_number', '', 'Please confirm account number'],
    ['confirm_account_number', '30012345679', 'Account numbers do not match'],
    ['account_type', 'GOLD', 'Invalid account type. Please select a valid account type'],
    ['account_type', '', 'Invalid account type. Please select a valid account type'],
    ['ifsc_code', '', 'Please enter IFSC code'],
    ['ifsc_code', 'SBIN1001234', 'Invalid IFSC'],
    ['ifsc_code', 'SBI00001234', 'Invalid IFSC'],
    ['bank_name', '', 'Please select bank name'],
    ['bank_proof', '', 'Please upload bank proof'],
    ['deviations', [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }], 'Deviation type must be BANK_NAME_MISMATCH_DEVIATION'],
  ])('%s = %j: %s', (field, value, message) => expect(messageOf(bankAccountSchema, { ...valid, [field]: value })).toBe(message));

  it('IFSC is trimmed (and upper-cased), the account type upper-cased', () => {
    const r = bankAccountSchema.safeParse({ ...valid, ifsc_code: '  sbin0001234 ', account_type: ' current ' });
    expect(r.data).toMatchObject({ ifsc_code: 'SBIN0001234', account_type: 'CURRENT' });
  });

  it.each(['123456789', '1'.repeat(18)])('an account of %s digits passes', (n) =>
    expect(messageOf(bankAccountSchema, { ...valid, account_number: n, confirm_account_number: n })).toBe('ok'),
  );

  it('a deviation is a BANK_NAME_MISMATCH_DEVIATION; its info is not kept', () => {
    const r = bankAccountSchema.safeParse({ ...valid, deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: false } }] });
    expect(r.data!.deviations).toEqual([{ type: 'BANK_NAME_MISMATCH_DEVIATION' }]);
    expect(messageOf(bankAccountSchema, { ...valid, deviations: undefined })).toBe('ok');
  });
});

describe('banking API bodies', () => {
  it('verify-bank-acc-v3: account and IFSC by the shared patterns', () => {
    const { schema, valid } = BODIES.verifyBankAccountBody;
    expect(messageOf(schema, { ...valid, ifsc: ' sbin0001234' })).toBe('ok');
    expect(messageOf(schema, { ...valid, account_number: '123' })).toBe('Invalid account number');
    expect(messageOf(schema, { ...valid, application_id: 'x' })).toBe('Invalid application_id');
  });

  it('identity: one to 12 statements', () => {
    const { schema, valid } = BODIES.bankIdentityBody;
    expect(messageOf(schema, { ...valid, files: [] })).toBe('files must list at least one statement');
    expect(messageOf(schema, { ...valid, files: Array.from({ length: 13 }, () => ({ file_id: 'f' })) })).toBe(
      'files may list at most 12 statements',
    );
    expect(messageOf(schema, { ...valid, files: [{ file_id: '' }] })).toBe('Invalid file');
    expect(messageOf(schema, { bank_name: 'SBI', files: [{ file_id: 'f1' }] })).toBe('ok');
  });

  it('CAM: the bank code, the file and the application', () => {
    const { schema, valid } = BODIES.bankStatementInfoBody;
    expect(messageOf(schema, { ...valid, bank_name: '' })).toBe('Invalid bank_name');
    expect(messageOf(schema, { ...valid, mfi_app_id: 'A'.repeat(32) })).toBe('Invalid mfi_app_id');
    expect(messageOf(schema, { ...valid, password: undefined })).toBe('ok');
  });
});
