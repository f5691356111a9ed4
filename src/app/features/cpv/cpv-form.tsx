import { useState, type FormEvent } from 'react';
import { CPV_SCHEMAS, CPV_STAGE, cpvRoleIssue, isCpvRole, refusedWhenBlank, type CpvGeoTag, type CpvKind } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { DocumentGroup, DraftStatus, fieldElement, FormSection, TextField, useFocusRefusal } from '../../components/form';
import { useOnline } from '../../components/use-online';
import { useFilesFor } from '../../db/files.hooks';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import {
  CPV_DOCUMENTS,
  CPV_FIGURES,
  CPV_FORM,
  CPV_UPLOAD,
  cpvInputId,
  figureInput,
  geoChecksOf,
  geoTagOf,
  isPercentage,
  unitOf,
  type CpvValues,
} from './cpv-fields';
import { GeoChecks } from './geo-checks';
import { useCpvForm } from './use-cpv-form';
import { cpvMessageText, cpvText, figureKey } from './cpv.text';

type Props = {
  app: LocalApplication;
  kind: CpvKind;
  initial: CpvValues;
  /** The form opened with a draft or a submitted step of this phone. */
  fromPhone: boolean;
  server: Record<string, unknown> | null;
  phone: string;
  designation: string | null | undefined;
  blocked: boolean;
  onQueued: (kind: CpvKind) => void;
};

/** The geo tag of the newest kept file of a photo box on this phone, live. */
function usePhotoGeo(applicationLocalId: string, uploadField: string) {
  const files = useFilesFor(applicationLocalId, uploadField);
  return files?.filter((f) => f.uploadState !== 'failed').at(-1)?.geo;
}

/** Spec 02 screen 10: one place's verification: photos with geo tags, (the QR code), the figures, remarks, Submit. */
export function CpvForm({ app, kind, initial, fromPhone, server, phone, designation, blocked, onQueued }: Props) {
  const { t, tm } = useFeatureT(cpvText);
  void cpvMessageText;
  const online = useOnline();
  const docs = CPV_DOCUMENTS[kind];
  // One hook per photo box: a form's documents are fixed for its kind.
  const photoGeo = docs.map((doc) => usePhotoGeo(app.localId, doc.uploadField));
  const geoTags = (): Record<string, CpvGeoTag> =>
    Object.fromEntries(docs.map((doc, i) => [doc.field, geoTagOf(photoGeo[i], server, doc.field)]));
  const { form, queued, saveError } = useCpvForm({
    applicationLocalId: app.localId,
    kind,
    initial,
    server,
    phone,
    designation,
    blocked,
    geoTags,
    onQueued: () => onQueued(kind),
  });
  // Spec 02 §5: earlier CPV values are read-only for the non-CPV roles unless edited.
  const [editing, setEditing] = useState(fromPhone || isCpvRole(designation) || server === null);
  const error = queued.error;
  const invalidField = error?.field;
  const errorId = `cpv-${kind}-error`;
  useFocusRefusal(queued.refusals, error, errorId, (field) =>
    fieldElement(cpvInputId(kind, field), docs.find((d) => d.field === field)?.uploadField),
  );

  const submitted = queued.queuedAt !== null;
  // The section's submitted state stays when it is opened again: recorded (its stage), or waiting on this phone to be sent.
  const waiting = (submitted || app.steps?.[CPV_FORM[kind]] !== undefined) && app.syncState === 'pending';
  const state = waiting ? 'queued' : submitted || app.stage.includes(CPV_STAGE[kind]) ? 'submitted' : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void queued.submit();
  };
  const titleId = `cpv-${kind}-title`;
  const checks = geoChecksOf(server);
  // The uploads Submit needs, marked before it (issue 31 N14): the schema's, and the selfie the CPV role must take.
  const required = refusedWhenBlank(
    CPV_SCHEMAS[kind],
    {},
    docs.map((doc) => doc.field),
  );
  const roleSelfie = cpvRoleIssue(kind, designation, {})?.field;

  return (
    <section className="cpv-section" aria-labelledby={titleId} data-testid={`cpv-${kind}`}>
      <h2 id={titleId}>{t(kind === 'business_place' ? 'cpv.business' : 'cpv.residence')}</h2>
      {state && (
        <p className={`cpv-section__state cpv-section__state--${state}`} role="status" data-testid={`cpv-${kind}-state`}>
          {t(state === 'queued' ? 'cpv.stateQueued' : 'cpv.stateSubmitted')}
        </p>
      )}
      {checks.length > 0 && (
        <GeoChecks kind={kind} checks={checks} pincode={typeof server?.geo_pincode === 'string' ? server.geo_pincode : null} />
      )}
      <form className="cpv-form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        {!editing && (
          <div className="cpv-form__locked">
            <p className="field-note">{t('cpv.readOnly')}</p>
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              {t('cpv.edit')}
            </button>
          </div>
        )}
        <fieldset className="cpv-form__body" disabled={!editing || submitted}>
          <DocumentGroup
            className="cpv-documents"
            gridClassName="cpv-documents__grid"
            itemClassName="cpv-document"
            legend="cpv.photos"
            note="cpv.photosNote"
            previewIdPrefix={`cpv-${kind}-preview`}
            applicationLocalId={app.localId}
            reviewer={server !== null && !fromPhone}
            invalidField={invalidField}
            serverNote="cpv.fileOnServer"
            documents={docs.map((doc) => ({
              field: doc.field,
              uploadField: doc.uploadField,
              label: doc.label,
              fields: { ...CPV_UPLOAD, file_type: doc.file_type },
              accept: doc.accept,
              geoTag: doc.geoTag,
              serverFileId: typeof server?.[doc.field] === 'string' ? (server[doc.field] as string) : null,
              // Issue 21 D17: the rule stands beside the two selfies it is about.
              note: doc.selfie && isCpvRole(designation) ? 'cpv.selfieRequired' : undefined,
              required: required.has(doc.field) || doc.field === roleSelfie,
            }))}
          />
          {invalidField && docs.some((d) => d.field === invalidField) && error && (
            <p className="field-error" id={`${errorId}-file`}>
              {tm(error.message)}
            </p>
          )}
          <p className="field-note">{t('cpv.figuresNote')}</p>
          <FormSection
            legend={kind === 'business_place' ? 'cpv.businessFigures' : 'cpv.householdFigures'}
            gridClassName="business-form__grid"
          >
            {CPV_FIGURES[kind].map((name) => (
              <TextField
                key={name}
                name={name}
                control={form.control}
                id={cpvInputId(kind, name)}
                label={figureKey(name)}
                inputMode={isPercentage(name) ? 'decimal' : 'numeric'}
                autoComplete="off"
                normalise={(v) => figureInput(name, v)}
                error={invalidField === name ? error?.message : undefined}
                errorId={errorId}
                describedBy={[`${cpvInputId(kind, name)}-unit`]}
                actionClassName="cpv-figure"
                action={
                  <span id={`${cpvInputId(kind, name)}-unit`} className="cpv-figure__unit">
                    {t(unitOf(name))}
                  </span>
                }
              />
            ))}
            <TextField
              name="remarks"
              control={form.control}
              id={cpvInputId(kind, 'remarks')}
              label="cpv.remarks"
              multiline
              className="field--wide"
              error={invalidField === 'remarks' ? error?.message : undefined}
              errorId={errorId}
            />
          </FormSection>
        </fieldset>
        <ErrorBanner id={errorId} message={error?.message} />
        <DraftStatus error={saveError} />
        {!online && <p className="field-note">{t('cpv.offlineNote')}</p>}
        <div className="cpv-form__actions">
          <button type="submit" className="button button--primary" disabled={queued.busy || submitted || !editing}>
            {queued.busy ? t('cpv.saving') : t(kind === 'business_place' ? 'cpv.submitBusiness' : 'cpv.submitResidence')}
          </button>
          <span className="field-note" role="status">
            {submitted ? t('cpv.done') : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
