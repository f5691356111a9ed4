import { documentText, type DocumentCatalogue } from '../messages/document-text';
import en from '../messages/documents/en.json';
import type { KfsLanguage } from './kfs-consent';

/**
 * The loan agreement's standard clauses when the tenant has none of its own
 * (tenants.agreement_clauses overrides them by language), and the agreement's headings, from the
 * documents' catalogues (src/domain/messages/documents/<language>.json).
 */
export const defaultAgreementClauses = (language: KfsLanguage): readonly string[] =>
  Object.keys(en.agreementClauses).map((key) =>
    documentText(language, 'agreementClauses', key as keyof DocumentCatalogue['agreementClauses']),
  );

/** The tenant's clauses of a language, else the defaults. */
export function agreementClauses(
  tenantClauses: Partial<Record<KfsLanguage, string[]>> | null | undefined,
  language: KfsLanguage,
): readonly string[] {
  const own = tenantClauses?.[language];
  return own && own.length > 0 ? own : defaultAgreementClauses(language);
}

type LabelKey = keyof DocumentCatalogue['agreementLabels'];

/** The sanction letter's and agreement's headings in a language. */
export function agreementLabels(language: KfsLanguage) {
  const t = (key: LabelKey, values?: Record<string, string>) => documentText(language, 'agreementLabels', key, values);
  const plain = Object.fromEntries(
    Object.entries(en.agreementLabels)
      .filter(([key, message]) => !message.includes('{') && !key.startsWith('kind.'))
      .map(([key]) => [key, t(key as LabelKey)]),
  ) as Record<Exclude<LabelKey, 'sanctionText' | `kind.${string}`>, string>;
  return {
    ...plain,
    sanctionText: (lender: string, borrower: string) => t('sanctionText', { lender, borrower }),
    kind: { BORROWER: t('kind.BORROWER'), CO_BORROWER: t('kind.CO_BORROWER'), GUARANTOR: t('kind.GUARANTOR') },
  };
}
