import { objectOrNull } from '../../../domain';
import type { LocalRecord } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { CaseDocuments, CaseFields, CaseSection } from './case-parts';
import {
  BORROWER_FIELDS,
  CO_APPLICANT_FIELDS,
  FAMILY_FIELDS,
  KYC_FIELDS,
  PERSON_DOCUMENTS,
  type Data,
  type FieldSpec,
} from './case-view.model';
import { caseViewText } from './case-view.text';

/** The record as the server last answered, else as captured on this phone. */
const viewOf = (record: LocalRecord): Data => objectOrNull(record.server) ?? record.values;
const nameOf = (record: Data) => (typeof record.name === 'string' ? record.name : '');

export function BorrowerSection({ view }: { view: Data }) {
  const { t } = useFeatureT(caseViewText);
  return (
    <CaseSection id="borrower" title={t('case.section.borrower')}>
      <CaseFields record={view} fields={BORROWER_FIELDS} />
    </CaseSection>
  );
}

export function KycSection({ view }: { view: Data }) {
  const { t } = useFeatureT(caseViewText);
  const kyc = objectOrNull(view.kyc);
  return (
    <CaseSection id="kyc" title={t('case.section.kyc')}>
      <CaseFields record={kyc} fields={KYC_FIELDS} />
      <CaseDocuments record={kyc} fields={PERSON_DOCUMENTS} idPrefix="case-kyc" />
    </CaseSection>
  );
}

/** Co-applicants or family members: one card each, its fields and documents. */
function RecordCards({
  records,
  fields,
  kindOf,
  idPrefix,
}: {
  records: readonly LocalRecord[];
  fields: readonly FieldSpec[];
  kindOf: (record: Data) => string;
  idPrefix: string;
}) {
  const { t } = useFeatureT(caseViewText);
  if (records.length === 0) return <p className="muted">{t('case.nothing')}</p>;
  return (
    <ol className="case-records">
      {records.map((record, index) => {
        const view = viewOf(record);
        const id = `${idPrefix}-${index}`;
        return (
          <li key={record.localId} className="case-record" aria-labelledby={`${id}-title`}>
            <h3 id={`${id}-title`}>{t('case.recordOf', { kind: kindOf(view), index: index + 1, name: nameOf(view) })}</h3>
            <CaseFields record={view} fields={fields} />
            <CaseDocuments record={view} fields={PERSON_DOCUMENTS} idPrefix={id} nested />
          </li>
        );
      })}
    </ol>
  );
}

export function CoApplicantsSection({ records }: { records: readonly LocalRecord[] }) {
  const { t } = useFeatureT(caseViewText);
  const kindOf = (view: Data) => (view.type === 'GUARANTOR' ? t('case.kind.GUARANTOR') : t('case.kind.CO_BORROWER'));
  return (
    <CaseSection id="coApplicants" title={t('case.section.coApplicants')}>
      <RecordCards records={records} fields={CO_APPLICANT_FIELDS} kindOf={kindOf} idPrefix="case-co" />
    </CaseSection>
  );
}

export function FamilySection({ records }: { records: readonly LocalRecord[] }) {
  const { t } = useFeatureT(caseViewText);
  return (
    <CaseSection id="family" title={t('case.section.family')}>
      <RecordCards records={records} fields={FAMILY_FIELDS} kindOf={() => t('case.kind.family')} idPrefix="case-family" />
    </CaseSection>
  );
}
