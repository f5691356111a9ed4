import * as z from 'zod/mini';
import { APP_MSG as M } from '../messages/application-messages';
import { isBlank, optionalText, orderedRules, text } from './form-checks';
import { INVALID_ID, SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';
import { PATTERNS } from '../identity/patterns';

/** Spec 02 §9: reference types, at most 3 per form. */
export const REFERENCE_TYPES = ['PERSONAL_REFERENCE', 'BUSINESS_REFERENCE'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];
export const MAX_REFERENCES = 3;

export const REFERENCE_MSG = {
  atLeastOne: 'At least one reference is required',
  /** ours: the spec caps the list at 3 without a message. */
  atMostThree: `At most ${MAX_REFERENCES} references can be added`,
  /** ours: spec 02 §5 "type min 1". */
  selectType: 'Please select reference type',
  nameRequired: 'Name is required',
  addressRequired: 'Address is required',
  /** ours: spec 02 §5 "company name for business references". */
  companyNameRequired: 'Company name is required',
  /** ours: the same reference twice in one list. */
  duplicate: 'The same reference is listed twice',
  added: 'Reference(s) added successfully!',
} as const;

export const REFERENCE_FIELDS = ['id', 'type', 'name', 'phone', 'address', 'company_name'] as const;

/** A reference's phone: at least 10 characters, then the mobile pattern (spec 02 §5). */
const referencePhone = z
  .string(M.invalidMobileNumber)
  .check(
    z.trim(),
    z.minLength(10, M.invalidMobileNumber),
    z.maxLength(SHAPE_MAX.mobile, M.invalidMobileNumber),
    z.regex(PATTERNS.mobile, M.invalidMobileNumber),
  );

/** One reference (spec 02 §3); its id is made on the phone (32 hex), so a replay names the same reference. */
export const referenceSchema = z
  .object({
    id: z.string(INVALID_ID).check(z.trim(), z.maxLength(TEXT_MAX.recordId, INVALID_ID), z.regex(PATTERNS.applicationId, INVALID_ID)),
    type: z.enum(REFERENCE_TYPES, REFERENCE_MSG.selectType),
    name: text(1, REFERENCE_MSG.nameRequired, TEXT_MAX.name, TOO_LONG.name),
    phone: referencePhone,
    address: text(8, REFERENCE_MSG.addressRequired, TEXT_MAX.address, TOO_LONG.address),
    company_name: optionalText(TEXT_MAX.companyName, TOO_LONG.companyName),
  })
  .check(
    orderedRules(REFERENCE_FIELDS, (v, add) => {
      if (v.type === 'BUSINESS_REFERENCE' && isBlank(v.company_name)) add('company_name', REFERENCE_MSG.companyNameRequired);
    }),
    // A personal reference keeps no company name.
    z.overwrite((v) => ({ ...v, company_name: v.type === 'BUSINESS_REFERENCE' ? v.company_name : undefined })),
  );
export type Reference = z.output<typeof referenceSchema>;
export type ReferenceInput = z.input<typeof referenceSchema>;

/** PATCH /:id/reference: the application's whole list (1-3), saved over any earlier one. */
export const referenceListSchema = z
  .object({
    reference_list: z
      .array(referenceSchema, REFERENCE_MSG.atLeastOne)
      .check(z.minLength(1, REFERENCE_MSG.atLeastOne), z.maxLength(MAX_REFERENCES, REFERENCE_MSG.atMostThree)),
  })
  .check(
    z.refine((v) => new Set(v.reference_list.map((r) => r.id)).size === v.reference_list.length, {
      message: REFERENCE_MSG.duplicate,
      path: ['reference_list'],
    }),
  );
export type ReferenceList = z.output<typeof referenceListSchema>;
