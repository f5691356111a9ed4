import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { NeedsConnection } from '../../components/needs-connection';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { BackButton, useGoBack } from './back-button';
import { useTrackRequest } from './use-track-request';
import { joinUsText } from './join-us.text';

/**
 * /join-us/track (spec 01 §2): 'Track the request', a Mobile field and Track. Once the message
 * is shown the field is disabled and the button reads Go Back (one page back).
 */
export function TrackScreen() {
  const { t, tm } = useFeatureT(joinUsText);
  const online = useOnline();
  const goBack = useGoBack();
  const { mobile, error, message, busy, setMobile, track } = useTrackRequest();
  const banner = useRef<HTMLParagraphElement>(null);
  const [failedTracks, setFailedTracks] = useState(0);

  useLayoutEffect(() => {
    if (failedTracks > 0) banner.current?.focus();
  }, [failedTracks]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message !== null) return goBack();
    if (!(await track())) setFailedTracks((n) => n + 1);
  };

  const showing = message !== null;

  return (
    <section className="track-screen" aria-labelledby="track-title">
      <div className="screen-top">
        <BackButton />
      </div>
      <h1 id="track-title">{t('track.title')}</h1>
      <form className="login-form" noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor="track-mobile" className="field-label">
          {t('track.mobile')}
        </label>
        <input
          id="track-mobile"
          name="tracker_id"
          className="field-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={mobile}
          disabled={showing}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'track-error' : undefined}
          onChange={(event) => setMobile(event.target.value)}
        />
        {error && (
          <p id="track-error" ref={banner} role="alert" tabIndex={-1} className="form-error">
            {tm(error)}
          </p>
        )}
        <p role="status" className="track-message">
          {message !== null ? tm(message) : ''}
        </p>
        {showing ? (
          <button type="submit" className="button button--secondary">
            {t('common.goBack')}
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !online}
            aria-describedby={online ? undefined : 'track-offline'}
          >
            {busy ? t('track.tracking') : t('track.submit')}
          </button>
        )}
        {!showing && !online && <NeedsConnection id="track-offline" />}
      </form>
    </section>
  );
}
