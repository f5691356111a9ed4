import { isTextKey, textOfAny } from '../../i18n/feature-text';
import type { Language } from '../../i18n/language.store';

/** The text prefixes of the screens that write each kind of record (their forms' labels are `<prefix>.<fieldInCamelCase>`). */
const PREFIXES: Readonly<Record<string, string[]>> = {
  borrower: ['borrower'],
  kyc: ['kyc'],
  business: ['business'],
  employment: ['employment'],
  bank_account: ['bank'],
  co_applicant: ['coApplicant', 'borrower'],
  family_member: ['family', 'borrower'],
  cpv_business_place: ['cpv'],
  cpv_residence: ['cpv'],
  references: ['references'],
};

const camel = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A record field's name as its form shows it, in the person's language, when that screen's texts
 * are loaded; else the field's name in words ("years_of_residence": "Years of residence").
 */
export function fieldLabel(record: string, field: string, language: Language): string {
  const kind = record.split(':')[0]!;
  for (const prefix of PREFIXES[kind] ?? []) {
    const key = `${prefix}.${camel(field)}`;
    if (isTextKey(key)) return textOfAny(key, undefined, language);
  }
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
