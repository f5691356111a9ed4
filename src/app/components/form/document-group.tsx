import { useState } from 'react';
import type { UploadFields } from '../../db/files.repository';
import { useFilesFor } from '../../db/files.hooks';
import { englishOf, useKitT, type AnyTextKey } from '../../i18n/feature-text';
import type { AcceptToken } from '../upload/check-file';
import { ServerFilePreview } from '../upload/server-file-preview';
import { UploadBox } from '../upload/upload-box';

export type GroupDocument = {
  /** The body field the file is the value of (the field a message names). */
  field: string;
  /** The phone's file field (per record for a co-applicant or family member). */
  uploadField: string;
  label: AnyTextKey;
  /** The sync centre's English name of the upload; default the label's English text. */
  entryLabel?: string;
  fields: UploadFields;
  accept: readonly AcceptToken[];
  geoTag?: boolean;
  /** The server's file id for this document, when it has one. */
  serverFileId: string | null;
  /** A note beside this document's box (who must provide it). */
  note?: AnyTextKey;
  /** The form refuses Submit without it (the domain's rule, `refusedWhenBlank`): marked as required. */
  required?: boolean;
};

type DocumentGroupProps = {
  applicationLocalId: string;
  documents: readonly GroupDocument[];
  legend: AnyTextKey;
  /** The note above the uploads. */
  note: AnyTextKey;
  /** A reviewer sees the server's documents, and uploads only after 'Upload Documents' (spec 02 §6). */
  reviewer?: boolean;
  /** The document the error banner's message is about. */
  invalidField?: string;
  /** Under a box whose file the server has and none is chosen on this phone. */
  serverNote?: AnyTextKey;
  /** Ids of the reviewer's previews: `<prefix>-<field>`. */
  previewIdPrefix: string;
  /** `section` with a heading (a group of its own), or a `fieldset` of the form (default). */
  as?: 'section' | 'fieldset';
  className?: string;
  gridClassName?: string;
  /** The class of each upload's box; `<class>--invalid` marks the one the message is about. */
  itemClassName: string;
  /** The class of the note above the uploads. */
  noteClassName?: string;
};

function DocumentItem({
  doc,
  applicationLocalId,
  invalid,
  itemClassName,
  serverNote,
}: {
  doc: GroupDocument;
  applicationLocalId: string;
  invalid: boolean;
  itemClassName: string;
  serverNote?: AnyTextKey;
}) {
  const { t } = useKitT();
  const files = useFilesFor(serverNote ? applicationLocalId : undefined, doc.uploadField);
  const chosenHere = files?.some((file) => file.uploadState !== 'failed') ?? false;
  return (
    <div className={invalid ? `${itemClassName} ${itemClassName}--invalid` : itemClassName}>
      <UploadBox
        label={t(doc.label)}
        entryLabel={doc.entryLabel ?? englishOf(doc.label)}
        applicationLocalId={applicationLocalId}
        field={doc.uploadField}
        fields={doc.fields}
        accept={doc.accept}
        camera
        geoTag={doc.geoTag}
        required={doc.required}
      />
      {doc.note && <p className="field-note document-group__note">{t(doc.note)}</p>}
      {serverNote && doc.serverFileId && !chosenHere && <p className="field-note">{t(serverNote)}</p>}
    </div>
  );
}

/** The documents of a step: an upload box each (saved on the phone, its upload queued), or the reviewer's previews. */
export function DocumentGroup(props: DocumentGroupProps) {
  const {
    applicationLocalId,
    documents,
    legend,
    note,
    reviewer = false,
    invalidField,
    serverNote,
    previewIdPrefix,
    as = 'fieldset',
    className,
    gridClassName,
    itemClassName,
    noteClassName = 'field-note',
  } = props;
  const { t } = useKitT();
  const [uploading, setUploading] = useState(!reviewer);
  const titleId = `${previewIdPrefix}-title`;
  const items = documents.map((doc) =>
    uploading ? (
      <DocumentItem
        key={doc.field}
        doc={doc}
        applicationLocalId={applicationLocalId}
        invalid={invalidField === doc.field}
        itemClassName={itemClassName}
        serverNote={serverNote}
      />
    ) : (
      <ServerFilePreview key={doc.field} id={`${previewIdPrefix}-${doc.field}`} label={t(doc.label)} fileId={doc.serverFileId} />
    ),
  );
  const body = (
    <>
      <p className={noteClassName}>{t(uploading ? note : 'kyc.reviewDocumentsNote')}</p>
      {reviewer && (
        <button
          type="button"
          className="button button--secondary kyc-documents__toggle"
          aria-pressed={uploading}
          onClick={() => setUploading((on) => !on)}
        >
          {t('kyc.uploadDocuments')}
        </button>
      )}
      {gridClassName ? <div className={gridClassName}>{items}</div> : items}
    </>
  );
  if (as === 'section') {
    return (
      <section className={className} aria-labelledby={titleId}>
        <h2 id={titleId}>{t(legend)}</h2>
        {body}
      </section>
    );
  }
  return (
    <fieldset className={className ? `form-section ${className}` : 'form-section'}>
      <legend>{t(legend)}</legend>
      {body}
    </fieldset>
  );
}
