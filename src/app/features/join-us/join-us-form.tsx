import { useRef, type FormEvent } from 'react';
import { joinUsRequestSchema, refusedWhenBlank } from '../../../domain';
import { uploadJoinUsFile } from '../../api/join-us.api';
import { DraftStatus, fieldElement, FormSection, TextField, useShowFirstError } from '../../components/form';
import { NeedsConnection } from '../../components/needs-connection';
import { IMAGE_OR_PDF } from '../../components/upload/check-file';
import { PublicUploadBox } from '../../components/upload/public-upload-box';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { FIELD_SPECS, NORMALISE, SECTIONS, UPLOAD_SPECS, type TextField as JoinUsField } from './join-us-fields';
import type { useJoinUsForm } from './use-join-us-form';
import { joinUsText } from './join-us.text';

// The documents Submit needs, marked before it (issue 31 N14): all but GST.
const REQUIRED_UPLOADS = refusedWhenBlank(
  joinUsRequestSchema,
  {},
  UPLOAD_SPECS.map((spec) => spec.field),
);

const ERROR_ID = 'join-us-error';
const CITY_STATE_NOTE = 'join-us-city-state-note';
const MOBILE_NOTE = 'join-us-mobile-note';

/** The registration form: sections of fields, the uploads, the error banner and 'Join us'. */
export function JoinUsForm({ form }: { form: ReturnType<typeof useJoinUsForm> }) {
  const { t, tm } = useFeatureT(joinUsText);
  const online = useOnline();
  const banner = useRef<HTMLParagraphElement>(null);
  const { error, busy, lookup, mobileLocked, manualCityState } = form;

  // A failed submit moves the focus to the banner, so its message is read; its field comes into view.
  useShowFirstError(form.refusals, () => ({ focus: banner.current, field: error?.field ? fieldElement(`join-us-${error.field}`) : null }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  const cityStateNote =
    lookup === 'looking' ? t('joinUs.cityStateLooking') : manualCityState ? t('joinUs.cityStateManual') : t('joinUs.cityStateAuto');

  const field = (name: JoinUsField) => {
    const spec = FIELD_SPECS[name];
    const readOnly = (name === 'mobile' && mobileLocked) || ((name === 'city' || name === 'state') && !manualCityState);
    return (
      <TextField
        key={name}
        name={name}
        control={form.control}
        id={`join-us-${name}`}
        label={spec.label}
        type={spec.type}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        autoCapitalize={spec.autoCapitalize}
        readOnly={readOnly}
        normalise={NORMALISE[name]}
        onValue={name === 'pincode' ? form.setPincode : undefined}
        error={error?.field === name ? error.message : undefined}
        errorId={ERROR_ID}
        describedBy={[name === 'mobile' && mobileLocked && MOBILE_NOTE, (name === 'city' || name === 'state') && CITY_STATE_NOTE]}
      />
    );
  };

  return (
    <form className="join-us-form" noValidate onSubmit={submit}>
      {SECTIONS.map((section) => (
        <FormSection key={section.legend} legend={section.legend}>
          {section.fields.map(field)}
          {section.fields.includes('mobile') && mobileLocked && (
            <p id={MOBILE_NOTE} className="field-note">
              {t('joinUs.mobileLocked')}
            </p>
          )}
          {section.fields.includes('city') && (
            <p id={CITY_STATE_NOTE} className="field-note" role="status">
              {cityStateNote}
            </p>
          )}
        </FormSection>
      ))}
      <FormSection legend="joinUs.documents">
        <p className="field-note">{t('joinUs.documentsNote')}</p>
        {UPLOAD_SPECS.map((spec) => (
          <PublicUploadBox
            key={spec.field}
            label={t(spec.label)}
            field={spec.field}
            accept={IMAGE_OR_PDF}
            value={form.files[spec.field] ?? null}
            onChange={(ref) => form.setFile(spec.field, ref)}
            upload={(file, options) => uploadJoinUsFile(file, spec.fileType, options)}
            online={online}
            required={REQUIRED_UPLOADS.has(spec.field)}
          />
        ))}
      </FormSection>
      {error && (
        <p id={ERROR_ID} ref={banner} role="alert" tabIndex={-1} className="form-error">
          {tm(error.message)}
        </p>
      )}
      <DraftStatus error={form.saveError} />
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || !online}
        aria-describedby={online ? undefined : 'join-us-offline'}
      >
        {busy ? t('joinUs.submitting') : t('joinUs.submit')}
      </button>
      {!online && <NeedsConnection id="join-us-offline" />}
    </form>
  );
}
