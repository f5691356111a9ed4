import { useId } from 'react';
import type { Envelope } from '../../domain';
import { useFeatureT } from '../i18n/feature-text';
import { Modal } from './modal';
import { NeedsConnection } from './needs-connection';
import { OtpBoxes } from './otp-boxes';
import { otpModalText } from './otp-modal.text';
import { useOnline } from './use-online';
import { useOtpFlow } from './use-otp-flow';

/** Spec 02 §4: the OTP of the public mobile sign-in, of the borrower's mobile validation, and of Aadhaar. */
export type OtpMode = 'mobile' | 'validate' | 'aadhaar';

export type OtpModalProps<T> = {
  open: boolean;
  mode: OtpMode;
  /** Default: 'Verify Aadhaar' in aadhaar mode, else 'Verify Mobile'. */
  title?: string;
  /** Where the code went, shown in the subtitle (a mobile number, a masked Aadhaar). */
  destination?: string;
  /** Sends the code; called when the modal opens. */
  onSend(): Promise<Envelope<unknown>>;
  /** Sends it again after the countdown; default `onSend`. */
  onResend?(): Promise<Envelope<unknown>>;
  onVerify(otp: string): Promise<Envelope<T>>;
  /** The code was accepted: the caller closes the modal (sets `open` false). */
  onVerified(data: T, message?: string): void;
  onClose(): void;
};

/**
 * The OTP modal (spec 02 screen 17): six boxes, 'Verify OTP' and a 30 s resend countdown. The
 * code is sent when it opens. An answer below 500 (a wrong code, 400) shows the server's
 * message here; a 500 or a network failure shows it as a toast and closes the modal.
 */
export function OtpModal<T>(props: OtpModalProps<T>) {
  return props.open ? <OtpDialog {...props} /> : null;
}

function OtpDialog<T>({ mode, title, destination, onClose, ...calls }: OtpModalProps<T>) {
  const { t, tm } = useFeatureT(otpModalText);
  const online = useOnline();
  const id = useId();
  const { firstBox, otp, setOtp, sent, busy, secondsLeft, counting, error, setError, notice, send, verify } = useOtpFlow({
    ...calls,
    onClose,
  });

  const heading = title ?? t(mode === 'aadhaar' ? 'otp.titleAadhaar' : 'otp.titleMobile');
  const subtitle = destination ? t(mode === 'aadhaar' ? 'otp.sentToAadhaar' : 'otp.sentToMobile', { destination }) : t('otp.sentToYou');
  const offlineId = `${id}-offline`;

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-subtitle`} onClose={onClose} className="otp-modal" initialFocus={firstBox}>
      <div className="modal__header">
        <h2 id={`${id}-title`}>{heading}</h2>
        <button type="button" className="button button--link" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <form className="otp-modal__form" noValidate onSubmit={(event) => void verify(event)}>
        <p id={`${id}-subtitle`}>{subtitle}</p>
        <OtpBoxes
          value={otp}
          onChange={(code) => {
            setOtp(code);
            setError(null);
          }}
          labelledBy={`${id}-subtitle`}
          firstBoxRef={firstBox}
          invalid={error !== null}
          describedBy={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="form-error">
            {tm(error)}
          </p>
        )}
        <p role="status" className="form-notice">
          {busy === 'send' || busy === 'resend' ? t('otp.sending') : notice ? tm(notice) : ''}
        </p>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy !== null || !sent || !online}
          aria-describedby={online ? undefined : offlineId}
        >
          {busy === 'verify' ? t('otp.verifying') : t('otp.verify')}
        </button>
        {!online && <NeedsConnection id={offlineId} />}
        <div className="otp-modal__resend">
          {counting ? (
            <p className="countdown">{t('otp.resendIn', { seconds: secondsLeft })}</p>
          ) : (
            <button type="button" className="button button--link" disabled={busy !== null || !online} onClick={() => void send('resend')}>
              {t('otp.resend')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
