import { isObject, objectOrNull } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { CaseDocuments, CaseFields, CaseSection } from './case-parts';
import {
  BANK_DOCUMENTS,
  BANK_FIELDS,
  BUSINESS_DOCUMENTS,
  BUSINESS_FIELDS,
  EMPLOYMENT_DOCUMENTS,
  EMPLOYMENT_FIELDS,
  REFERENCE_FIELDS,
  type Data,
} from './case-view.model';
import { caseViewText } from './case-view.text';

/** The business step, or the employment step for a salaried borrower. */
export function BusinessSection({ view }: { view: Data }) {
  const { t } = useFeatureT(caseViewText);
  const employment = objectOrNull(view.app_mfi_employment_info);
  if (view.job_type === 'SALARIED' || (employment && !view.app_mfi_business_details)) {
    return (
      <CaseSection id="employment" title={t('case.section.employment')}>
        <CaseFields record={employment} fields={EMPLOYMENT_FIELDS} />
        <CaseDocuments record={employment} fields={EMPLOYMENT_DOCUMENTS} idPrefix="case-employment" />
      </CaseSection>
    );
  }
  const business = objectOrNull(view.app_mfi_business_details);
  return (
    <CaseSection id="business" title={t('case.section.business')}>
      <CaseFields record={business} fields={BUSINESS_FIELDS} />
      <CaseDocuments record={business} fields={BUSINESS_DOCUMENTS} idPrefix="case-business" />
    </CaseSection>
  );
}

export function BankSection({ view }: { view: Data }) {
  const { t } = useFeatureT(caseViewText);
  const bank = objectOrNull(view.app_mfi_bank_account);
  return (
    <CaseSection id="bank" title={t('case.section.bank')}>
      <CaseFields record={bank} fields={BANK_FIELDS} />
      <CaseDocuments record={bank} fields={BANK_DOCUMENTS} idPrefix="case-bank" />
    </CaseSection>
  );
}

export function ReferencesSection({ view }: { view: Data }) {
  const { t } = useFeatureT(caseViewText);
  const references = Array.isArray(view.reference_list) ? view.reference_list.filter(isObject) : [];
  return (
    <CaseSection id="references" title={t('case.section.references')}>
      {references.length === 0 ? (
        <p className="muted">{t('case.nothing')}</p>
      ) : (
        <ol className="case-records">
          {references.map((reference, index) => (
            <li key={typeof reference.id === 'string' ? reference.id : index} className="case-record" aria-labelledby={`case-ref-${index}`}>
              <h3 id={`case-ref-${index}`}>
                {t('case.recordOf', { kind: t('case.kind.reference'), index: index + 1, name: String(reference.name ?? '') })}
              </h3>
              <CaseFields record={reference} fields={REFERENCE_FIELDS} />
            </li>
          ))}
        </ol>
      )}
    </CaseSection>
  );
}
