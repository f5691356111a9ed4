import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useFeatureT } from '../../i18n/feature-text';
import { useCase } from './case-context';
import { CaseDocument } from './case-document';
import { documentLabelKey, documentsOf, type Data, type FieldSpec, type SectionId } from './case-view.model';
import { caseViewText, type CaseViewKey } from './case-view.text';
import { useCaseFormat } from './use-case-format';

/** One section of the case file: its heading (a landmark for screen readers) and Edit where the policy allows it. */
export function CaseSection({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  const { t } = useFeatureT(caseViewText);
  const edit = useCase().editPath(id);
  return (
    <section className="case-section" id={`case-${id}`} aria-labelledby={`case-${id}-title`} data-section={id}>
      <div className="case-section__head">
        <h2 id={`case-${id}-title`} tabIndex={-1}>
          {title}
        </h2>
        {edit && (
          <Link className="button button--secondary case-section__edit" to={edit} aria-label={t('case.editSection', { section: title })}>
            {t('case.edit')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** The fields of a record that hold a value, label and value; "Nothing recorded yet." when none does. */
export function CaseFields({ record, fields }: { record: Data | null; fields: readonly FieldSpec[] }) {
  const { t } = useFeatureT(caseViewText);
  const format = useCaseFormat();
  const rows = fields.flatMap(([field, kind]) => {
    const value = record ? format(record[field], kind, field) : null;
    return value === null ? [] : [{ field, value }];
  });
  if (rows.length === 0) return <p className="muted">{t('case.nothing')}</p>;
  return (
    <dl className="case-fields">
      {rows.map(({ field, value }) => (
        <div key={field} className="case-fields__row" data-field={field}>
          <dt>{t(`case.f.${field}` as CaseViewKey)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The documents of a record as thumbnails, each opening its preview. */
export function CaseDocuments({
  record,
  fields,
  idPrefix,
  nested = false,
}: {
  record: Data | null;
  fields: readonly string[];
  idPrefix: string;
  /** Inside a record's card (under its h3): the title is an h4. */
  nested?: boolean;
}) {
  const { t } = useFeatureT(caseViewText);
  const documents = documentsOf(record, fields);
  if (documents.length === 0) return null;
  const titleId = `${idPrefix}-documents`;
  const Title = nested ? 'h4' : 'h3';
  return (
    <div className="case-documents" role="group" aria-labelledby={titleId}>
      <Title id={titleId} className="case-documents__title">
        {t('case.documents')}
      </Title>
      <ul className="case-documents__list">
        {documents.map(({ field, fileId }, index) => (
          <li key={`${field}-${fileId}`}>
            <CaseDocument id={`${idPrefix}-${index}`} fileId={fileId} label={t(documentLabelKey(field))} />
          </li>
        ))}
      </ul>
    </div>
  );
}
