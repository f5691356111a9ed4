import { DocumentGroup } from '../../components/form';
import { CO_APPLICANT_DOCUMENTS, coApplicantUpload, recordFileField } from './co-applicant-fields';
import type { SubmitTarget } from './use-co-applicant-form';

type Props = {
  target: SubmitTarget;
  /** The PD1 role uploads; a reviewer sees the server's documents first. */
  creator: boolean;
  invalidField: string | undefined;
  /** The documents Submit needs with the values now. */
  required: ReadonlySet<string>;
};

/** The record's documents, after the details as on every step form (issue 21 D18) and in the schema's order. */
export function CoApplicantDocuments({ target, creator, invalidField, required }: Props) {
  return (
    <DocumentGroup
      legend="coApp.documents"
      note="coApp.documentsNote"
      className="co-applicant-documents"
      itemClassName="co-applicant-documents__item"
      previewIdPrefix="co-applicant-preview"
      serverNote="coApp.fileOnServer"
      applicationLocalId={target.applicationLocalId}
      reviewer={!creator}
      invalidField={invalidField}
      documents={CO_APPLICANT_DOCUMENTS.map((doc) => ({
        field: doc.field,
        uploadField: recordFileField(target.localId, doc.field),
        label: doc.label,
        fields: coApplicantUpload(doc.file_type, target.recordIndex),
        accept: doc.accept,
        serverFileId:
          typeof target.server?.[doc.field] === 'string' && target.server[doc.field] !== '' ? (target.server[doc.field] as string) : null,
        required: required.has(doc.field),
      }))}
    />
  );
}
