import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as domain from '../../../src/domain';
import { fieldMaxLength, INVALID_FILE, INVALID_ID, LIST_MAX, TEXT_MAX, TOO_LONG } from '../../../src/domain/policy/limits';
import { BODIES, messageOf, today, valueAt, withValue, type BodyName, type Path } from './request-bodies';

// "Trust" item 3: no free text without a maximum, no list without a maximum, and a choice is an
// enum. The structural test reads the schemas themselves, so a limit removed anywhere (or a new
// field added without one) fails here, not in production with a 900 KB name.

type Def = { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The longest value a string or array schema allows: its max_length or length_equals check. */
function maxOf(def: Def): number | undefined {
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'max_length') return c.maximum as number;
    if (c.check === 'length_equals') return c.length as number;
  }
  return undefined;
}

type Leaf = { path: Path; def: Def };
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);
const BOUNDED_BY_TYPE = new Set(['enum', 'literal', 'number', 'boolean']);

/** Every leaf that takes input, arrays included (their element walked at index 0). */
function leavesOf(schema: unknown, path: Path = []): Leaf[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, s]) => leavesOf(s, [...path, key]));
  if (WRAPPERS.has(def.type)) return leavesOf(def.innerType, path);
  if (def.type === 'array') return [{ path, def }, ...leavesOf(def.element, [...path, 0])];
  // A pipe bounds its input on the way in (an upper-cased choice: a bounded string, then the enum).
  if (def.type === 'pipe') return leavesOf(def.in, path);
  // A union (one file id or a list of them): every option must be bounded.
  if (def.type === 'union') return (def.options as unknown[]).flatMap((option) => leavesOf(option, path));
  return [{ path, def }];
}

/** Where a body accepts text or a list of any length, or something this test does not know. */
function unboundedLeaves(schema: unknown): string[] {
  return leavesOf(schema)
    .filter(({ def }) => !BOUNDED_BY_TYPE.has(def.type) && !((def.type === 'string' || def.type === 'array') && maxOf(def) !== undefined))
    .map(({ path, def }) => `${path.join('.')} (${def.type})`);
}

const hasZod = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;
/** The schemas built per call (today's date, a message); every exported *Schema function is one of these. */
const FACTORIES: Record<string, unknown> = {
  borrowerSchema: domain.borrowerSchema(today),
  coApplicantSchema: domain.coApplicantSchema(today),
  familyMemberSchema: domain.familyMemberSchema(today),
  personPanSchema: domain.personPanSchema('Invalid PAN'),
  accountNumberSchema: domain.accountNumberSchema('Please enter account number'),
};

/** What the server answers (a route table entry's `answer`): not input, so not bounded here. */
const ANSWERS = new Set<unknown>(
  Object.entries(domain)
    .filter(([name]) => name.endsWith('_ROUTES'))
    .flatMap(([, table]) => Object.values(table as Record<string, { answer?: unknown }>).map((route) => route.answer))
    .filter(hasZod),
);

describe('every exported domain schema bounds its input', () => {
  it('leaves out the route table’s answers, never a schema a route takes as input', () => {
    expect(ANSWERS.has(domain.applicationViewSchema)).toBe(true);
    const inputs = Object.entries(domain)
      .filter(([name]) => name.endsWith('_ROUTES'))
      .flatMap(([, table]) => Object.values(table as Record<string, Record<string, unknown>>))
      .flatMap((route) => [route.body, route.query, route.params]);
    for (const input of inputs) expect(ANSWERS.has(input)).toBe(false);
  });

  it('the walker finds an unbounded string, array and unknown (so it can fail)', () => {
    const loose = z.object({
      a: z.optional(z.string()),
      b: z.array(z.string().check(z.maxLength(3))),
      c: z.unknown(),
      d: z.string().check(z.maxLength(5)),
    });
    expect(unboundedLeaves(loose)).toEqual(['a (string)', 'b (array)', 'c (unknown)']);
  });

  it.each(Object.entries(domain).filter(([, value]) => hasZod(value) && !ANSWERS.has(value)))('%s', (_name, schema) =>
    expect(unboundedLeaves(schema)).toEqual([]),
  );

  it.each(Object.entries(FACTORIES))('%s(...)', (_name, schema) => expect(unboundedLeaves(schema)).toEqual([]));

  it('covers every exported schema factory', () => {
    const factories = Object.entries(domain)
      .filter(([name, value]) => typeof value === 'function' && /Schema$/.test(name))
      .map(([name]) => name);
    expect(factories.sort()).toEqual(Object.keys(FACTORIES).sort());
  });
});

const bodies = Object.entries(BODIES) as [BodyName, (typeof BODIES)[BodyName]][];

describe('request bodies', () => {
  it.each(bodies)('%s: the fixture is valid', (_name, { schema, valid }) => expect(messageOf(schema, valid)).toBe('ok'));

  // Every leaf: a 900 KB string in place of any field, and one past the longest list, is refused.
  const huge = 'x'.repeat(900 * 1024);
  const cases = bodies.flatMap(([name, body]) => leavesOf(body.schema).map((leaf) => [name, leaf.path.join('.'), body, leaf] as const));
  it.each(cases)('%s.%s refuses a 900 KB string or one item too many', (_name, _path, { schema, valid }, { path, def }) => {
    if (def.type === 'array') {
      const list = valueAt(valid, path) as unknown[];
      const tooMany = Array.from({ length: maxOf(def)! + 1 }, () => structuredClone(list[0]));
      expect(schema.safeParse(withValue(valid, path, tooMany)).success).toBe(false);
    } else if (def.type !== 'number' && def.type !== 'boolean') {
      expect(schema.safeParse(withValue(valid, path, huge)).success).toBe(false);
    }
  });
});

type Limit = [BodyName, Path, number, string, ((n: number) => string)?];
const email = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
const code = (n: number) => 'A'.repeat(n);

/** Each free-text field: at the limit passes, one over is refused with its message. */
const LIMITS: Limit[] = [
  ['sendOtpBody', ['hostname'], TEXT_MAX.hostname, TOO_LONG.hostname],
  ['validationSendBody', ['hostname'], TEXT_MAX.hostname, TOO_LONG.hostname],
  ['resendOtpBody', ['session_id'], TEXT_MAX.sessionId, 'Invalid session_id'],
  ['submitAadhaarOtpBody', ['ref_id'], TEXT_MAX.refId, 'Invalid ref_id'],
  ['submitAadhaarOtpBody', ['origin'], TEXT_MAX.code, TOO_LONG.origin],
  ['verifyVoterIdBody', ['reference'], TEXT_MAX.reference, TOO_LONG.reference],
  ['nameMatcherBody', ['values', 0, 'value'], TEXT_MAX.name, TOO_LONG.matchName],
  ['joinUsRequestSchema', ['first_name'], TEXT_MAX.name, TOO_LONG.firstName],
  ['joinUsRequestSchema', ['last_name'], TEXT_MAX.name, TOO_LONG.lastName],
  ['joinUsRequestSchema', ['business_name'], TEXT_MAX.businessName, TOO_LONG.businessName],
  ['joinUsRequestSchema', ['gst_number'], TEXT_MAX.gstNumber, TOO_LONG.gstNumber],
  ['joinUsRequestSchema', ['email'], TEXT_MAX.email, TOO_LONG.email, email],
  ['joinUsRequestSchema', ['city'], TEXT_MAX.place, TOO_LONG.city],
  ['joinUsRequestSchema', ['state'], TEXT_MAX.place, TOO_LONG.state],
  ['joinUsRequestSchema', ['address'], TEXT_MAX.address, TOO_LONG.address],
  ['joinUsRequestSchema', ['bank_name'], TEXT_MAX.bankName, TOO_LONG.bankName],
  ['joinUsRequestSchema', ['pan'], TEXT_MAX.fileId, 'Missing PAN'],
  ['joinUsRequestSchema', ['gst'], TEXT_MAX.fileId, INVALID_FILE],
  ['joinUsRejectSchema', ['reason'], TEXT_MAX.reason, 'The reason must be at most 500 characters'],
  ['borrowerSchema', ['name'], TEXT_MAX.name, 'Name must be at most 100 characters'],
  ['borrowerSchema', ['email'], TEXT_MAX.email, TOO_LONG.email, email],
  ['borrowerSchema', ['city'], TEXT_MAX.place, TOO_LONG.city],
  ['borrowerSchema', ['district'], TEXT_MAX.place, TOO_LONG.district],
  ['borrowerSchema', ['state'], TEXT_MAX.place, TOO_LONG.state],
  ['borrowerSchema', ['address'], TEXT_MAX.address, 'Address must be at most 200 characters'],
  ['borrowerSchema', ['landmark'], TEXT_MAX.address, TOO_LONG.landmark],
  ['borrowerSchema', ['address_owned_by'], TEXT_MAX.name, TOO_LONG.ownedBy],
  ['borrowerSchema', ['borrower_photo_from_aadhaar'], TEXT_MAX.fileId, INVALID_FILE],
  ['borrowerSchema', ['remarks'], TEXT_MAX.remarks, 'Remarks must be at most 1000 characters'],
  ['kycSchema', ['guardian_name'], TEXT_MAX.name, TOO_LONG.guardianName],
  ['kycSchema', ['mother_name'], TEXT_MAX.name, TOO_LONG.motherName],
  ['kycSchema', ['mother_tongue'], TEXT_MAX.motherTongue, TOO_LONG.motherTongue],
  ['kycSchema', ['photo_file'], TEXT_MAX.fileId, INVALID_FILE],
  ['kycSchema', ['voter_id_back_file'], TEXT_MAX.fileId, INVALID_FILE],
  ['kycSchema', ['remarks'], TEXT_MAX.remarks, TOO_LONG.remarks],
  ['kycSchema', ['status'], TEXT_MAX.code, TOO_LONG.status],
  ['coApplicantSchema', ['id'], TEXT_MAX.recordId, INVALID_ID],
  ['coApplicantSchema', ['name'], TEXT_MAX.name, TOO_LONG.name],
  ['coApplicantSchema', ['guardian_name'], TEXT_MAX.name, TOO_LONG.guardianName],
  ['coApplicantSchema', ['email'], TEXT_MAX.email, TOO_LONG.email, email],
  ['coApplicantSchema', ['address'], TEXT_MAX.address, TOO_LONG.address],
  ['coApplicantSchema', ['landmark'], TEXT_MAX.address, TOO_LONG.landmark],
  ['coApplicantSchema', ['pan_file'], TEXT_MAX.fileId, INVALID_FILE],
  ['coApplicantSchema', ['voter_id_file'], TEXT_MAX.fileId, INVALID_FILE],
  ['familyMemberSchema', ['id'], TEXT_MAX.recordId, INVALID_ID],
  ['familyMemberSchema', ['name'], TEXT_MAX.name, TOO_LONG.name],
  ['familyMemberSchema', ['email'], TEXT_MAX.email, TOO_LONG.email, email],
  ['familyMemberSchema', ['guardian_name'], TEXT_MAX.name, TOO_LONG.guardianName],
  ['familyMemberSchema', ['city'], TEXT_MAX.place, TOO_LONG.city],
  ['familyMemberSchema', ['state'], TEXT_MAX.place, TOO_LONG.state],
  ['familyMemberSchema', ['address'], TEXT_MAX.address, TOO_LONG.address],
  ['familyMemberSchema', ['voter_id_file'], TEXT_MAX.fileId, INVALID_FILE],
  ['applicationUploadFields', ['file_type'], TEXT_MAX.code, TOO_LONG.fileType, code],
  ['businessDetailsSchema', ['business_name'], TEXT_MAX.businessName, TOO_LONG.businessName],
  ['businessDetailsSchema', ['business_district'], TEXT_MAX.place, TOO_LONG.district],
  ['businessDetailsSchema', ['business_city'], TEXT_MAX.place, TOO_LONG.city],
  ['businessDetailsSchema', ['business_state'], TEXT_MAX.place, TOO_LONG.state],
  ['businessDetailsSchema', ['business_address'], TEXT_MAX.address, TOO_LONG.address],
  ['businessDetailsSchema', ['businesss_landmark'], TEXT_MAX.address, TOO_LONG.landmark],
  ['businessDetailsSchema', ['bank_name'], TEXT_MAX.bankName, TOO_LONG.bankName],
  ['businessDetailsSchema', ['bank_name1'], TEXT_MAX.bankName, TOO_LONG.bankName],
  ['businessDetailsSchema', ['bank_name2'], TEXT_MAX.bankName, TOO_LONG.bankName],
  ['businessDetailsSchema', ['bank_statement', 0], TEXT_MAX.fileId, INVALID_FILE],
  ['businessDetailsSchema', ['bank_statement_pwd'], TEXT_MAX.password, TOO_LONG.statementPassword],
  ['businessDetailsSchema', ['bank_statement_pwd2'], TEXT_MAX.password, TOO_LONG.statementPassword],
  ['businessDetailsSchema', ['upload_business_proof'], TEXT_MAX.fileId, INVALID_FILE],
  ['businessDetailsSchema', ['business_rent_agreement'], TEXT_MAX.fileId, INVALID_FILE],
  ['businessDetailsSchema', ['remarks'], TEXT_MAX.remarks, TOO_LONG.remarks],
  ['employmentInfoSchema', ['company_name'], TEXT_MAX.companyName, TOO_LONG.companyName],
  ['employmentInfoSchema', ['designation'], TEXT_MAX.designation, TOO_LONG.designation],
  ['employmentInfoSchema', ['official_email'], TEXT_MAX.email, TOO_LONG.email, email],
  ['employmentInfoSchema', ['company_address'], TEXT_MAX.address, TOO_LONG.address],
  ['employmentInfoSchema', ['company_website_link'], TEXT_MAX.url, TOO_LONG.website],
  ['employmentInfoSchema', ['company_sector'], TEXT_MAX.sector, TOO_LONG.companySector],
  ['employmentInfoSchema', ['salary_slip3'], TEXT_MAX.fileId, INVALID_FILE],
  ['bankAccountSchema', ['account_holder_name'], TEXT_MAX.name, TOO_LONG.accountHolderName],
  ['bankAccountSchema', ['bank_name'], TEXT_MAX.bankName, TOO_LONG.bankName],
  ['bankAccountSchema', ['bank_proof'], TEXT_MAX.fileId, INVALID_FILE],
  ['verifyBankAccountBody', ['reference'], TEXT_MAX.reference, TOO_LONG.reference],
  ['bankIdentityBody', ['bank_name'], TEXT_MAX.bankName, TOO_LONG.bankName],
  ['bankIdentityBody', ['files', 0, 'file_id'], TEXT_MAX.fileId, INVALID_FILE],
  ['bankIdentityBody', ['files', 0, 'password'], TEXT_MAX.password, TOO_LONG.statementPassword],
  ['bankStatementInfoBody', ['bank_name'], TEXT_MAX.bankName, TOO_LONG.bankName],
  ['bankStatementInfoBody', ['password'], TEXT_MAX.password, TOO_LONG.statementPassword],
  ['applicationUploadFields', ['name_prefix'], TEXT_MAX.code, TOO_LONG.namePrefix, (n) => 'a'.repeat(n)],
];

describe('free-text limits', () => {
  it.each(LIMITS)('%s.%s: %i characters pass, one more is "%s"', (name, path, max, message, make = (n: number) => 'A'.repeat(n)) => {
    const { schema, valid } = BODIES[name];
    expect(messageOf(schema, withValue(valid, path, make(max)))).toBe('ok');
    expect(messageOf(schema, withValue(valid, path, make(max + 1)))).toBe(message);
  });

  it('counts after trimming: spaces around a name at the limit do not count', () => {
    const { schema, valid } = BODIES.borrowerSchema;
    expect(messageOf(schema, { ...valid, name: `  ${'A'.repeat(TEXT_MAX.name)}  ` })).toBe('ok');
  });

  it("a form input's maxLength is the schema's limit for that field, wherever the field is", () => {
    const pairs = bodies.flatMap(([name, { schema }]) =>
      leavesOf(schema)
        .filter(({ path, def }) => path.length === 1 && def.type === 'string' && fieldMaxLength(String(path[0])) !== undefined)
        .map(({ path, def }) => [`${name}.${path[0]}`, maxOf(def), fieldMaxLength(String(path[0]))]),
    );
    expect(pairs.length).toBeGreaterThan(30);
    for (const [where, schemaMax, inputMax] of pairs) expect(inputMax, String(where)).toBe(schemaMax);
    expect(fieldMaxLength('phone')).toBeUndefined();
    expect(fieldMaxLength('constructor')).toBeUndefined();
  });

  it('messages read as the spec does', () => {
    expect(TOO_LONG.name).toBe('Name must be at most 100 characters');
    expect(TOO_LONG.remarks).toBe('Remarks must be at most 1000 characters');
    expect(TOO_LONG.reason).toBe(`The reason must be at most ${domain.JOIN_US_REASON_MAX} characters`);
  });
});

type Shape = [BodyName, Path, string, string];
/** Fixed-shape values: a longer one is refused with the field's own message, not a new one. */
const SHAPES: Shape[] = [
  ['sendOtpBody', ['mobile'], '98765432100', 'Invalid mobile number'],
  ['verifyOtpBody', ['otp'], '1234567', 'Invalid OTP'],
  ['requestAadhaarOtpBody', ['aadhaar'], '2345678901245', 'Invalid Aadhaar number'],
  ['verifyPanBody', ['application_id'], 'a'.repeat(33), 'Invalid application_id'],
  ['verifyPanBody', ['pan'], 'BDVPD4821KK', 'Invalid PAN'],
  ['verifyVoterIdBody', ['voter_id'], 'XKD12345666', 'Invalid Voter ID'],
  ['joinUsRequestSchema', ['account_number'], '1'.repeat(19), 'Invalid account number'],
  ['joinUsRequestSchema', ['ifsc'], 'SBIN00012345', 'Invalid IFSC'],
  ['joinUsTrackSchema', ['tracker_id'], '98765432100', 'Invalid mobile'],
  ['borrowerSchema', ['alternate_phone'], '98765432100', 'Invalid mobile number'],
  ['borrowerSchema', ['pincode'], '5600345', 'Invalid pincode'],
  ['borrowerSchema', ['dob'], '12-04-1985 ', 'ok'],
  ['borrowerSchema', ['dob'], '12-04-19850', 'DOB must be between 21 and 60 years'],
  ['borrowerSchema', ['voter_id'], 'XKD12345666', 'Invalid Voter ID'],
  ['coApplicantSchema', ['phone'], '98765432110', 'Invalid mobile number'],
  ['coApplicantSchema', ['aadhaar'], '12345', 'Invalid aadhaar number'],
  ['familyMemberSchema', ['phone'], '98765432120', 'Invalid mobile number'],
  ['familyMemberSchema', ['dob'], '01-01-20000', 'Invalid date or date of birth is required'],
  ['applicationUploadFields', ['record_index'], '1000', 'record_index must be a whole number'],
  ['businessDetailsSchema', ['business_pincode'], '5600345', 'Invalid pincode'],
  ['businessDetailsSchema', ['udyam_regd_no'], 'UDYAM-KA-03-00123456', 'Invalid Udyam registration number'],
  ['businessDetailsSchema', ['gst_no'], '29BDVPD4821K1Z22', 'Invalid GST number'],
  ['employmentInfoSchema', ['company_pincode'], '5601000', 'Invalid pincode'],
  ['bankAccountSchema', ['account_number'], '1'.repeat(19), 'Invalid account number'],
  ['bankAccountSchema', ['ifsc_code'], 'SBIN00012345', 'Invalid IFSC'],
  ['bankAccountSchema', ['account_type'], 'CURRENT ACCOUNT WITH OD AND MORE', 'Invalid account type. Please select a valid account type'],
  ['verifyBankAccountBody', ['account_number'], '1'.repeat(19), 'Invalid account number'],
  ['verifyBankAccountBody', ['ifsc'], 'SBIN00012345', 'Invalid IFSC'],
  ['verifyBankAccountBody', ['application_id'], 'a'.repeat(33), 'Invalid application_id'],
  ['bankStatementInfoBody', ['mfi_app_id'], 'a'.repeat(33), 'Invalid mfi_app_id'],
];

describe('fixed-shape values', () => {
  it.each(SHAPES)('%s.%s %j gives %s', (name, path, value, message) => {
    const { schema, valid } = BODIES[name];
    expect(messageOf(schema, withValue(valid, path, value))).toBe(message);
  });
});

describe('lists', () => {
  it(`name matcher: ${LIST_MAX.nameMatchValues} names pass, one more is refused`, () => {
    const { schema, valid } = BODIES.nameMatcherBody;
    const names = (n: number) => Array.from({ length: n }, () => ({ value: 'Lakshmi Devi', source: 'INPUT' }));
    expect(messageOf(schema, { ...valid, values: names(LIST_MAX.nameMatchValues) })).toBe('ok');
    expect(messageOf(schema, { ...valid, values: names(LIST_MAX.nameMatchValues + 1) })).toBe('values may list at most 10 names');
  });

  it(`deviations: ${LIST_MAX.deviations} pass, one more is refused`, () => {
    const { schema } = BODIES.deviations;
    const list = (n: number) => Array.from({ length: n }, () => ({ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }));
    expect(messageOf(schema, { deviations: list(LIST_MAX.deviations) })).toBe('ok');
    expect(messageOf(schema, { deviations: list(LIST_MAX.deviations + 1) })).toBe('Invalid deviations');
    expect(messageOf(schema, {})).toBe('ok');
    expect(messageOf(schema, { deviations: null })).toBe('ok');
  });
});
