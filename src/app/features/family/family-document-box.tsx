import { UploadBox } from '../../components/upload/upload-box';
import { useFilesFor } from '../../db/files.hooks';
import { useT } from '../../i18n/use-t';
import { FAMILY_UPLOAD, familyFileField, type FamilyDocument } from './family-fields';

type Props = {
  applicationLocalId: string;
  localId: string;
  doc: FamilyDocument;
  /** The server already has a file for this field (a member loaded from the server). */
  onServer: boolean;
};

/** One document of a member: kept on the phone under the member's id, its upload queued. */
export function FamilyDocumentBox({ applicationLocalId, localId, doc, onServer }: Props) {
  const { t } = useT();
  const field = familyFileField(localId, doc.field);
  const files = useFilesFor(applicationLocalId, field);
  const chosenHere = files?.some((file) => file.uploadState !== 'failed') ?? false;
  return (
    <div className="family-document">
      <UploadBox
        label={t(doc.label)}
        entryLabel={`Family member ${doc.entryLabel}`}
        applicationLocalId={applicationLocalId}
        field={field}
        fields={{ ...FAMILY_UPLOAD, file_type: doc.file_type }}
        accept={doc.accept}
        camera
      />
      {onServer && !chosenHere && <p className="field-note">{t('family.fileOnServer')}</p>}
    </div>
  );
}
