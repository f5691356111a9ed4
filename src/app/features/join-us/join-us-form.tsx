import { useEffect, useRef, useState, type FormEvent } from 'react';
import { uploadJoinUsFile } from '../../api/join-us.api';
import { NeedsConnection } from '../../components/needs-connection';
import { IMAGE_OR_PDF } from '../../components/upload/check-file';
import { PublicUploadBox } from '../../components/upload/public-upload-box';
import { useOnline } from '../../components/use-online';
import { useT } from '../../i18n/use-t';
import { FIELD_SPECS, SECTIONS, UPLOAD_SPECS, type TextField } from './join-us-fields';
import { JoinUsTextField } from './join-us-text-field';
import type { useJoinUsForm } from './use-join-us-form';

const ERROR_ID = 'join-us-error';
const CITY_STATE_NOTE = 'join-us-city-state-note';
const MOBILE_NOTE = 'join-us-mobile-note';

/** The registration form: sections of fields, the uploads, the error banner and 'Join us'. */
export function JoinUsForm({ form }: { form: ReturnType<typeof useJoinUsForm> }) {
  const { t, tm } = useT();
  const online = useOnline();
  const banner = useRef<HTMLParagraphElement>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const { draft, error, busy, lookup } = form;

  // A failed submit moves the focus to the banner, so its message is read and seen.
  useEffect(() => {
    if (failedSubmits > 0) banner.current?.focus();
  }, [failedSubmits]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await form.submit();
    if (outcome === 'invalid' || outcome === 'failed') setFailedSubmits((n) => n + 1);
  };

  const cityStateNote =
    lookup === 'looking' ? t('joinUs.cityStateLooking') : draft.manualCityState ? t('joinUs.cityStateManual') : t('joinUs.cityStateAuto');

  const field = (name: TextField) => {
    const readOnly = (name === 'mobile' && draft.mobileLocked) || ((name === 'city' || name === 'state') && !draft.manualCityState);
    const notes = [
      name === 'mobile' && draft.mobileLocked ? MOBILE_NOTE : '',
      name === 'city' || name === 'state' ? CITY_STATE_NOTE : '',
      error?.field === name ? ERROR_ID : '',
    ];
    return (
      <JoinUsTextField
        key={name}
        spec={FIELD_SPECS[name]}
        value={draft.values[name]}
        readOnly={readOnly}
        invalid={error?.field === name}
        describedBy={notes}
        onChange={(value) => form.setValue(name, value)}
      />
    );
  };

  return (
    <form className="join-us-form" noValidate onSubmit={(event) => void submit(event)}>
      {SECTIONS.map((section) => (
        <fieldset key={section.legend} className="form-section">
          <legend>{t(section.legend)}</legend>
          {section.fields.map(field)}
          {section.fields.includes('mobile') && draft.mobileLocked && (
            <p id={MOBILE_NOTE} className="field-note">
              {t('joinUs.mobileLocked')}
            </p>
          )}
          {section.fields.includes('city') && (
            <p id={CITY_STATE_NOTE} className="field-note" role="status">
              {cityStateNote}
            </p>
          )}
        </fieldset>
      ))}
      <fieldset className="form-section">
        <legend>{t('joinUs.documents')}</legend>
        <p className="field-note">{t('joinUs.documentsNote')}</p>
        {UPLOAD_SPECS.map((spec) => (
          <PublicUploadBox
            key={spec.field}
            label={t(spec.label)}
            field={spec.field}
            accept={IMAGE_OR_PDF}
            value={draft.files[spec.field] ?? null}
            onChange={(ref) => form.setFile(spec.field, ref)}
            upload={(file, options) => uploadJoinUsFile(file, spec.fileType, options)}
            online={online}
          />
        ))}
      </fieldset>
      {error && (
        <p id={ERROR_ID} ref={banner} role="alert" tabIndex={-1} className="form-error">
          {tm(error.message)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy || !online} aria-describedby={online ? undefined : 'join-us-offline'}>
        {busy ? t('joinUs.submitting') : t('joinUs.submit')}
      </button>
      {!online && <NeedsConnection id="join-us-offline" />}
    </form>
  );
}
