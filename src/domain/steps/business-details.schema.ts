import { fileIdSchemas } from './schema-fields';
import * as z from 'zod/mini';
import {
  BANK_ACCOUNT_TYPES,
  BUSINESS_CONSTITUTIONS,
  BUSINESS_PROOF_DOCUMENTS,
  OWNERSHIP_CODES,
  PROPERTY_PROOF_DOCUMENTS,
} from './form-options';
import { PATTERNS } from '../identity/patterns';
import { isValidGstin, panOfGstin } from '../identity/identity';
import { APP_MSG as M } from '../messages/application-messages';
import { isFamilyOwned } from './borrower.schema';
import { BUSINESS_CATEGORIES, BUSINESS_SECTORS, OTHER_SECTOR, categoriesOfSector } from './business-categories';
import {
  fileId,
  isBlank,
  matching,
  numberAtLeast,
  optionalCode,
  optionalFileId,
  optionalText,
  orderedRules,
  text,
  type FormWarning,
} from './form-checks';
import { INVALID_FILE, LIST_MAX, SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';

/** Spec 02 §3: the second and third bank carry the suffix 1 and 2; at most 2 additional banks. */
export const BANK_SUFFIXES = ['', '1', '2'] as const;
export type BankSuffix = (typeof BANK_SUFFIXES)[number];
export const MAX_ADDITIONAL_BANKS = 2;

/** What the ownership proof covers (spec 02 §3). */
export const OWNERSHIP_PROOF_OF = ['BUSINESS', 'RESIDENCE', 'BOTH'] as const;
export type OwnershipProofOf = (typeof OWNERSHIP_PROOF_OF)[number];

/** The owned places that need no rent agreement. */
const OWNED_PLACES: readonly string[] = ['SELF_OWNED', 'FAMILY_OWNED'];
/** Rent proof is asked only when the business place is neither self- nor family-owned. */
export const needsRentProof = (ownership: unknown) =>
  typeof ownership === 'string' && ownership !== '' && !OWNED_PLACES.includes(ownership);
export const needsBusinessOwnershipProof = (of: unknown) => of === 'BUSINESS' || of === 'BOTH';
export const needsResidenceOwnershipProof = (of: unknown) => of === 'RESIDENCE' || of === 'BOTH';

/** One or more statement PDFs: a file id or a list of them (spec 02 §5: non-empty string or list). */
const statementFile = z
  .string(M.missingBankStatement)
  .check(z.trim(), z.minLength(1, M.missingBankStatement), z.maxLength(TEXT_MAX.fileId, INVALID_FILE));
export const bankStatementSchema = z
  .union(
    [
      statementFile,
      z
        .array(statementFile, M.missingBankStatement)
        .check(z.minLength(1, M.missingBankStatement), z.maxLength(LIST_MAX.statementFiles, M.missingBankStatement)),
    ],
    M.missingBankStatement,
  )
  .register(fileIdSchemas, { upload: true });
const optionalBankStatement = z.optional(z.nullable(bankStatementSchema));
/** The statement file ids of a bank block, whichever way they were sent. */
export const statementFileIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).filter(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );

const bankId = numberAtLeast(1, M.bankSelectionRequired);
const accountType = z.optional(
  z.nullable(
    z.pipe(
      z.string(M.invalidAccountType).check(z.trim(), z.toUpperCase(), z.maxLength(TEXT_MAX.code, M.invalidAccountType)),
      z.enum(BANK_ACCOUNT_TYPES, M.invalidAccountType),
    ),
  ),
);
const creditLimit = z.optional(z.nullable(numberAtLeast(0, M.invalidCreditLimit)));
const password = optionalText(TEXT_MAX.password, TOO_LONG.statementPassword);

/** The three bank blocks: the first required, the other two optional (each checked whole when started). */
const bankBlocks = {
  bank_name: text(1, M.invalidBankNameBusiness, TEXT_MAX.bankName, TOO_LONG.bankName),
  statement_bank_id: bankId,
  bank_statement: bankStatementSchema,
  bank_statement_pwd: password,
  bank_account_type: accountType,
  credit_limit: creditLimit,
  bank_name1: optionalText(TEXT_MAX.bankName, TOO_LONG.bankName),
  statement_bank_id1: z.optional(z.nullable(bankId)),
  bank_statement1: optionalBankStatement,
  bank_statement_pwd1: password,
  bank_account_type1: accountType,
  credit_limit1: creditLimit,
  bank_name2: optionalText(TEXT_MAX.bankName, TOO_LONG.bankName),
  statement_bank_id2: z.optional(z.nullable(bankId)),
  bank_statement2: optionalBankStatement,
  bank_statement_pwd2: password,
  bank_account_type2: accountType,
  credit_limit2: creditLimit,
};

/** Spec 02 §2 screen 7 order: the order messages are reported in. */
export const BUSINESS_DETAILS_FIELDS = [
  'business_name',
  'business_type',
  'sector_of_business',
  'sector_of_business_other',
  'category_of_business',
  'business_pincode',
  'business_district',
  'business_city',
  'business_state',
  'business_address',
  'businesss_landmark',
  'business_address_ownership_type',
  'owned_by',
  'years_in_business',
  'udyam_regd_no',
  ...BANK_SUFFIXES.flatMap(
    (s) =>
      [
        `bank_name${s}`,
        `statement_bank_id${s}`,
        `bank_statement${s}`,
        `bank_statement_pwd${s}`,
        `bank_account_type${s}`,
        `credit_limit${s}`,
      ] as const,
  ),
  'gst_no',
  'gst_upload',
  'business_proof_type',
  'upload_business_proof',
  'ownership_proof_type',
  'business_ownership_proof',
  'business_ownership_proof_file',
  'residence_ownership_proof',
  'residence_ownership_proof_file',
  'business_rent_agreement',
  'remarks',
] as const;

const isBankStarted = (v: Record<string, unknown>, s: BankSuffix) =>
  !isBlank(v[`bank_name${s}`]) || !isBlank(v[`statement_bank_id${s}`]) || statementFileIds(v[`bank_statement${s}`]).length > 0;

/**
 * Spec 02 §5 business details (screen 7). Bank blocks: the first is required; an additional one
 * (suffix 1, 2) is optional, but once started it needs its bank and statement like the first,
 * and the third needs the second. Rent proof only when the place is neither self- nor
 * family-owned; owned-by only when family-owned (a stale value is dropped, as is the 'Others'
 * sector input for another sector and a rent agreement an owned place does not need).
 */
export const businessDetailsSchema = z
  .object({
    business_name: text(3, M.invalidBusinessName, TEXT_MAX.businessName, TOO_LONG.businessName),
    business_type: z.enum(BUSINESS_CONSTITUTIONS, M.invalidBusinessType),
    sector_of_business: z.enum(BUSINESS_SECTORS, M.selectSectorOfBusiness),
    sector_of_business_other: optionalText(TEXT_MAX.sector, TOO_LONG.sector),
    category_of_business: z.enum(BUSINESS_CATEGORIES, M.selectCategoryOfBusiness),
    business_pincode: matching(PATTERNS.pincode, M.invalidPincode, SHAPE_MAX.pincode),
    business_district: text(1, M.invalidDistrict, TEXT_MAX.place, TOO_LONG.district),
    business_city: text(1, M.invalidBusinessCity, TEXT_MAX.place, TOO_LONG.city),
    business_state: text(1, M.invalidState, TEXT_MAX.place, TOO_LONG.state),
    business_address: text(8, M.invalidAddress, TEXT_MAX.address, TOO_LONG.address),
    /** The spec's spelling (three s). */
    businesss_landmark: optionalText(TEXT_MAX.address, TOO_LONG.landmark),
    business_address_ownership_type: z.enum(OWNERSHIP_CODES, M.selectBusinessAddressType),
    owned_by: optionalText(TEXT_MAX.name, TOO_LONG.ownedBy),
    years_in_business: numberAtLeast(1, M.yearsInBusinessRequired),
    udyam_regd_no: optionalCode((v) => PATTERNS.udyam.test(v), M.invalidUdyam, SHAPE_MAX.udyam),
    ...bankBlocks,
    gst_no: optionalCode(isValidGstin, M.invalidGstNumber, SHAPE_MAX.gstin),
    gst_upload: optionalFileId,
    business_proof_type: z.enum(BUSINESS_PROOF_DOCUMENTS, M.selectBusinessProofType),
    /** Spec 02 §3: the business proof, sent as upload_business_proof (its one name on the phone, the wire and the server). */
    upload_business_proof: fileId(M.selectBusinessProof),
    ownership_proof_type: z.enum(OWNERSHIP_PROOF_OF, M.selectOwnershipProofOf),
    business_ownership_proof: z.optional(z.nullable(z.enum(PROPERTY_PROOF_DOCUMENTS, M.selectBusinessOwnershipProof))),
    business_ownership_proof_file: optionalFileId,
    residence_ownership_proof: z.optional(z.nullable(z.enum(PROPERTY_PROOF_DOCUMENTS, M.selectResidenceOwnershipProof))),
    residence_ownership_proof_file: optionalFileId,
    business_rent_agreement: optionalFileId,
    remarks: optionalText(TEXT_MAX.remarks, TOO_LONG.remarks),
  })
  .check(
    orderedRules(BUSINESS_DETAILS_FIELDS, (v, add) => {
      if (v.sector_of_business === OTHER_SECTOR && isBlank(v.sector_of_business_other))
        add('sector_of_business_other', M.enterSectorOfBusiness);
      const categories = categoriesOfSector(v.sector_of_business);
      if (categories.length > 0 && typeof v.category_of_business === 'string' && !categories.includes(v.category_of_business)) {
        add('category_of_business', M.selectCategoryOfBusiness);
      }
      for (const s of ['1', '2'] as const) {
        if (!isBankStarted(v, s)) continue;
        if (isBlank(v[`bank_name${s}`])) add(`bank_name${s}`, M.invalidBankNameBusiness);
        if (isBlank(v[`statement_bank_id${s}`])) add(`statement_bank_id${s}`, M.bankSelectionRequired);
        if (statementFileIds(v[`bank_statement${s}`]).length === 0) add(`bank_statement${s}`, M.missingBankStatement);
      }
      if (isBankStarted(v, '2') && !isBankStarted(v, '1')) add('bank_name1', M.addSecondBankFirst);
      if (needsBusinessOwnershipProof(v.ownership_proof_type)) {
        if (isBlank(v.business_ownership_proof)) add('business_ownership_proof', M.selectBusinessOwnershipProof);
        if (isBlank(v.business_ownership_proof_file)) add('business_ownership_proof_file', M.uploadBusinessOwnershipProof);
      }
      if (needsResidenceOwnershipProof(v.ownership_proof_type)) {
        if (isBlank(v.residence_ownership_proof)) add('residence_ownership_proof', M.selectResidenceOwnershipProof);
        if (isBlank(v.residence_ownership_proof_file)) add('residence_ownership_proof_file', M.uploadResidenceOwnershipProof);
      }
      if (needsRentProof(v.business_address_ownership_type) && isBlank(v.business_rent_agreement))
        add('business_rent_agreement', M.uploadRentAgreement);
    }),
    // Values a choice made irrelevant are not kept.
    z.overwrite((v) => ({
      ...v,
      owned_by: isFamilyOwned(v.business_address_ownership_type) ? v.owned_by : undefined,
      sector_of_business_other: v.sector_of_business === OTHER_SECTOR ? v.sector_of_business_other : undefined,
      business_rent_agreement: needsRentProof(v.business_address_ownership_type) ? v.business_rent_agreement : undefined,
      business_ownership_proof: needsBusinessOwnershipProof(v.ownership_proof_type) ? v.business_ownership_proof : undefined,
      business_ownership_proof_file: needsBusinessOwnershipProof(v.ownership_proof_type) ? v.business_ownership_proof_file : undefined,
      residence_ownership_proof: needsResidenceOwnershipProof(v.ownership_proof_type) ? v.residence_ownership_proof : undefined,
      residence_ownership_proof_file: needsResidenceOwnershipProof(v.ownership_proof_type) ? v.residence_ownership_proof_file : undefined,
    })),
  );
export type BusinessDetailsForm = z.output<typeof businessDetailsSchema>;
export type BusinessDetailsFormInput = z.input<typeof businessDetailsSchema>;

/** The additional banks a form shows (suffix 1 and 2 in order). */
export const additionalBankCount = (values: Record<string, unknown>) =>
  (['1', '2'] as const).filter((s) => isBankStarted(values, s)).length;

/**
 * Spec 02 §5 'Add Bank': disabled while the first bank or its statement is missing, or when 2
 * additional banks are already shown.
 */
export function canAddBank(values: Record<string, unknown>, shownAdditional: number): boolean {
  if (shownAdditional >= MAX_ADDITIONAL_BANKS) return false;
  return !isBlank(values.bank_name) && !isBlank(values.statement_bank_id) && statementFileIds(values.bank_statement).length > 0;
}

/** The PAN inside a well-formed GSTIN, or null. */
export const gstinPan = (gst: unknown): string | null => {
  if (typeof gst !== 'string') return null;
  const value = gst.trim().toUpperCase();
  return isValidGstin(value) ? panOfGstin(value) : null;
};

/** True when a well-formed GSTIN carries a PAN other than the borrower's (DECISIONS.md: flagged, not blocked). */
export const gstPanDiffers = (gst: unknown, borrowerPan: unknown) => {
  const pan = gstinPan(gst);
  return pan !== null && typeof borrowerPan === 'string' && borrowerPan.trim() !== '' && pan !== borrowerPan.trim().toUpperCase();
};

/** Non-blocking notices for the business form. */
export function businessDetailsWarnings(values: { gst_no?: string | null }, borrowerPan: string | null | undefined): FormWarning[] {
  return gstPanDiffers(values.gst_no, borrowerPan) ? [{ field: 'gst_no', message: M.gstPanMismatchWarning }] : [];
}
