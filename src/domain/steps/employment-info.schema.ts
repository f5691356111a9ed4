import * as z from 'zod/mini';
import { ADDRESS_TYPES } from './form-options';
import { PATTERNS } from '../identity/patterns';
import { APP_MSG as M } from '../messages/application-messages';
import { fileId, matching, optionalEmail, optionalFileId, optionalText, orderedRules } from './form-checks';
import { SHAPE_MAX, TEXT_MAX, TOO_LONG } from '../policy/limits';

/** Spec 02 §3 employment / house verification order: the order messages are reported in. */
export const EMPLOYMENT_INFO_FIELDS = [
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
  'company_id_card',
  'salary_slip1',
  'salary_slip2',
  'salary_slip3',
  'company_website_link',
  'company_sector',
] as const;

/** An optional whole number of at least `min` (and at most `max`), typed or sent as a number. */
const optionalWhole = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.optional(z.nullable(z.coerce.number(message).check(z.refine((v) => Number.isInteger(v) && v >= min && v <= max, message))));

/**
 * Spec 02 §5 employment (the salaried borrower's step, with the personal discussion's three
 * salary slips): the company pincode and address type and the three slips are required, the
 * rest optional. City and state come from the pincode lookup.
 */
export const employmentInfoSchema = z
  .object({
    company_name: optionalText(TEXT_MAX.companyName, TOO_LONG.companyName),
    designation: optionalText(TEXT_MAX.designation, TOO_LONG.designation),
    official_email: optionalEmail(M.invalidEmail),
    monthly_in_hand_salary: optionalWhole(M.invalidSalary, 0),
    work_experience_years: optionalWhole(M.invalidExperience, 0, 60),
    work_experience_months: optionalWhole(M.invalidExperience, 0, 11),
    company_pincode: matching(PATTERNS.pincode, M.invalidPincode, SHAPE_MAX.pincode),
    company_city: optionalText(TEXT_MAX.place, TOO_LONG.city),
    company_state: optionalText(TEXT_MAX.place, TOO_LONG.state),
    company_address: optionalText(TEXT_MAX.address, TOO_LONG.address),
    company_address_type: z.enum(ADDRESS_TYPES, M.selectCompanyAddressType),
    company_id_card: optionalFileId,
    salary_slip1: fileId(M.missingSalarySlip1),
    salary_slip2: fileId(M.missingSalarySlip2),
    salary_slip3: fileId(M.missingSalarySlip3),
    company_website_link: optionalText(TEXT_MAX.url, TOO_LONG.website),
    company_sector: optionalText(TEXT_MAX.sector, TOO_LONG.companySector),
  })
  .check(orderedRules(EMPLOYMENT_INFO_FIELDS));
export type EmploymentInfoForm = z.output<typeof employmentInfoSchema>;
export type EmploymentInfoFormInput = z.input<typeof employmentInfoSchema>;
