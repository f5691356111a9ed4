/**
 * The longest text each field of a request body may hold, and the longest lists. One place, so
 * the forms (an input's maxLength), the domain schemas and the server agree. Free text gets a
 * limit with its own message; a value with a fixed shape (mobile, PAN, dates, ids) gets the
 * length of that shape and keeps the field's message, so nothing long reaches a pattern or a
 * parser, and a choice is an enum instead.
 */
export const TEXT_MAX = {
  /** A person's name: borrower, co-applicant, family member, guardian, mother, partner, a name to match. */
  name: 100,
  businessName: 200,
  /** City, district, state. */
  place: 100,
  /** An address line: address, landmark. */
  address: 200,
  motherTongue: 100,
  bankName: 100,
  /** A sector typed for 'Others', a company's sector, an employee's designation. */
  sector: 100,
  designation: 100,
  companyName: 200,
  /** A company's website address. */
  url: 500,
  /** A bank statement's PDF password. */
  password: 100,
  /** RFC 5321's longest address. */
  email: 254,
  /** Application and KYC remarks (docs/application-api.md: 1000). */
  remarks: 1000,
  /** The reason a partner request is rejected. */
  reason: 500,
  /** A GSTIN is 15 characters. */
  gstNumber: 15,
  /** A reference to an uploaded file (32 hex characters today). */
  fileId: 64,
  /** A client-generated record id (32 hex characters today). */
  recordId: 64,
  /** A short machine code: an Aadhaar OTP origin, a KYC status, an upload's file type or name prefix. */
  code: 50,
  /** The voter-ID check's reference. */
  reference: 100,
  /** A DNS name is at most 253 characters. */
  hostname: 253,
  /** Server-issued session and OTP reference ids. */
  sessionId: 64,
  refId: 64,
} as const;

/** The length of values with a fixed shape; a longer one is refused with the field's own message. */
export const SHAPE_MAX = {
  mobile: 10,
  pincode: 6,
  otp: 6,
  aadhaar: 12,
  aadhaarLast4: 4,
  pan: 10,
  epic: 10,
  accountNumber: 18,
  ifsc: 11,
  /** UDYAM-XX-00-0000000. */
  udyam: 19,
  gstin: 15,
  applicationId: 32,
  /** DD-MM-YYYY, YYYY-MM-DD or with slashes. */
  date: 10,
} as const;

/** The longest lists a body may send. */
export const LIST_MAX = {
  /** Names sent to the name matcher (PAN, voter ID, typed, bank, Aadhaar: 5 sources, room for repeats). */
  nameMatchValues: 10,
  /** Deviations sent with a step. */
  deviations: 10,
  /** Statement PDFs of one bank (a year of monthly statements). */
  statementFiles: 12,
} as const;

/** 'Name must be at most 100 characters'. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** The messages of the free-text limits, in the style of the spec's messages. */
export const TOO_LONG = {
  name: tooLongMessage('Name', TEXT_MAX.name),
  firstName: tooLongMessage('First name', TEXT_MAX.name),
  lastName: tooLongMessage('Last name', TEXT_MAX.name),
  guardianName: tooLongMessage("Guardian's name", TEXT_MAX.name),
  motherName: tooLongMessage("Mother's name", TEXT_MAX.name),
  ownedBy: tooLongMessage('Owned-by name', TEXT_MAX.name),
  businessName: tooLongMessage('Business name', TEXT_MAX.businessName),
  city: tooLongMessage('City', TEXT_MAX.place),
  district: tooLongMessage('District', TEXT_MAX.place),
  state: tooLongMessage('State', TEXT_MAX.place),
  address: tooLongMessage('Address', TEXT_MAX.address),
  landmark: tooLongMessage('Landmark', TEXT_MAX.address),
  motherTongue: tooLongMessage('Mother tongue', TEXT_MAX.motherTongue),
  bankName: tooLongMessage('Bank name', TEXT_MAX.bankName),
  sector: tooLongMessage('Sector', TEXT_MAX.sector),
  designation: tooLongMessage('Designation', TEXT_MAX.designation),
  companyName: tooLongMessage('Company name', TEXT_MAX.companyName),
  companySector: tooLongMessage('Company sector', TEXT_MAX.sector),
  website: tooLongMessage('Website link', TEXT_MAX.url),
  statementPassword: tooLongMessage('Statement password', TEXT_MAX.password),
  accountHolderName: tooLongMessage('Account holder name', TEXT_MAX.name),
  email: tooLongMessage('Email', TEXT_MAX.email),
  remarks: tooLongMessage('Remarks', TEXT_MAX.remarks),
  reason: `The reason must be at most ${TEXT_MAX.reason} characters`,
  gstNumber: tooLongMessage('GST number', TEXT_MAX.gstNumber),
  status: tooLongMessage('Status', TEXT_MAX.code),
  matchName: tooLongMessage('Each name', TEXT_MAX.name),
  reference: tooLongMessage('reference', TEXT_MAX.reference),
  origin: tooLongMessage('origin', TEXT_MAX.code),
  hostname: tooLongMessage('hostname', TEXT_MAX.hostname),
  fileType: tooLongMessage('file_type', TEXT_MAX.code),
  namePrefix: tooLongMessage('name_prefix', TEXT_MAX.code),
} as const;

/** A file reference longer than any id: the same answer as an unknown file. */
export const INVALID_FILE = 'Invalid file';
/** A record id longer than any id. */
export const INVALID_ID = 'Invalid id';

/** The free-text limit of a form field by its wire name (an input's maxLength); undefined for other fields. */
const FIELD_TEXT_MAX: Readonly<Record<string, number>> = {
  name: TEXT_MAX.name,
  first_name: TEXT_MAX.name,
  last_name: TEXT_MAX.name,
  guardian_name: TEXT_MAX.name,
  mother_name: TEXT_MAX.name,
  address_owned_by: TEXT_MAX.name,
  business_name: TEXT_MAX.businessName,
  city: TEXT_MAX.place,
  district: TEXT_MAX.place,
  state: TEXT_MAX.place,
  address: TEXT_MAX.address,
  landmark: TEXT_MAX.address,
  mother_tongue: TEXT_MAX.motherTongue,
  bank_name: TEXT_MAX.bankName,
  email: TEXT_MAX.email,
  remarks: TEXT_MAX.remarks,
  gst_number: TEXT_MAX.gstNumber,
  gst_no: TEXT_MAX.gstNumber,
  // business details
  business_city: TEXT_MAX.place,
  business_district: TEXT_MAX.place,
  business_state: TEXT_MAX.place,
  business_address: TEXT_MAX.address,
  businesss_landmark: TEXT_MAX.address,
  owned_by: TEXT_MAX.name,
  sector_of_business_other: TEXT_MAX.sector,
  bank_name1: TEXT_MAX.bankName,
  bank_name2: TEXT_MAX.bankName,
  bank_statement_pwd: TEXT_MAX.password,
  bank_statement_pwd1: TEXT_MAX.password,
  bank_statement_pwd2: TEXT_MAX.password,
  // employment
  company_name: TEXT_MAX.companyName,
  designation: TEXT_MAX.designation,
  official_email: TEXT_MAX.email,
  company_city: TEXT_MAX.place,
  company_state: TEXT_MAX.place,
  company_address: TEXT_MAX.address,
  company_website_link: TEXT_MAX.url,
  company_sector: TEXT_MAX.sector,
  // bank account
  account_holder_name: TEXT_MAX.name,
};
export const fieldMaxLength = (name: string): number | undefined =>
  Object.hasOwn(FIELD_TEXT_MAX, name) ? FIELD_TEXT_MAX[name] : undefined;
