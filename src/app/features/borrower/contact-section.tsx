import { useState } from 'react';
import { APP_MSG, PATTERNS } from '../../../domain';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { OtpModal } from '../../components/otp-modal';
import { FormSection, TextField } from '../../components/form';
import { useFeatureT } from '../../i18n/feature-text';
import { borrowerBinding, borrowerInputId } from './borrower-fields';
import { displayAadhaar, isMaskedAadhaar } from './borrower-submit';
import type { useBorrowerForm } from './use-borrower-form';
import { OfflineNote, VerifyAction } from './verify-action';
import { borrowerText } from './borrower.text';

type Model = ReturnType<typeof useBorrowerForm>;

/** Contact number with Verify Mobile, and the Aadhaar with its OTP (spec 02 screen 1). */
export function ContactSection({ model, serverId }: { model: Model; serverId: string | undefined }) {
  const { t } = useFeatureT(borrowerText);
  const { form, checks, errors, online, identity, mobileOtp } = model;
  const readOnly = useFrameApplication()?.readOnly === true;
  const [otp, setOtp] = useState<'mobile' | 'aadhaar' | null>(null);
  const [editingAadhaar, setEditingAadhaar] = useState(false);
  const bound = borrowerBinding(form.control, errors);
  const phone = form.watch('phone');
  const aadhaar = form.watch('aadhaar');
  const phoneId = borrowerInputId('phone');
  const aadhaarId = borrowerInputId('aadhaar');

  const openMobileOtp = () => {
    if (PATTERNS.mobile.test(phone)) setOtp('mobile');
    else model.showFieldError('phone', APP_MSG.invalidMobileNumber);
  };

  // DECISIONS: once all 12 digits are in, the Aadhaar shows masked (while typing it does not).
  const masked = isMaskedAadhaar(aadhaar) || (/^[0-9]{12}$/.test(aadhaar) && !editingAadhaar);
  // A verified Aadhaar is one-way (issue 21 D16): it is never offered for change, not even masked
  // from the server; nor is any Aadhaar of an approved application.
  const canChangeAadhaar = masked && !checks.aadhaar && !readOnly;

  return (
    <FormSection legend="borrower.contact" className="borrower-section">
      <TextField
        {...bound('phone')}
        label="borrower.phone"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        readOnly={checks.mobile}
        describedBy={[checks.mobile ? `${phoneId}-verified` : '', online ? '' : `${phoneId}-offline`]}
        action={
          <VerifyAction
            id={phoneId}
            label={t('borrower.verifyMobile')}
            verifiedLabel={t('borrower.mobileVerified')}
            verified={checks.mobile}
            online={online}
            onClick={openMobileOtp}
          />
        }
      >
        <OfflineNote id={phoneId} online={online} verified={checks.mobile} />
      </TextField>

      <TextField
        {...bound('aadhaar')}
        label="borrower.aadhaar"
        inputMode="numeric"
        autoComplete="off"
        display={masked ? displayAadhaar(aadhaar) : undefined}
        readOnly={masked}
        describedBy={[
          checks.aadhaar ? `${aadhaarId}-verified` : '',
          !checks.mobile ? `${aadhaarId}-needs-mobile` : '',
          online ? '' : `${aadhaarId}-offline`,
        ]}
        onFocus={() => !masked && setEditingAadhaar(true)}
        onBlur={() => setEditingAadhaar(false)}
        action={
          <>
            {canChangeAadhaar && (
              <button
                type="button"
                className="button button--link"
                aria-label={t('borrower.aadhaarChangeNamed')}
                onClick={() => {
                  model.clearAadhaar();
                  setEditingAadhaar(true);
                  document.getElementById(aadhaarId)?.focus();
                }}
              >
                {t('borrower.aadhaarChange')}
              </button>
            )}
            <VerifyAction
              id={aadhaarId}
              label={t('borrower.verifyAadhaar')}
              verifiedLabel={t('borrower.aadhaarVerified')}
              verified={checks.aadhaar}
              online={online}
              disabled={!serverId || isMaskedAadhaar(aadhaar)}
              onClick={() => identity.aadhaarReady() && setOtp('aadhaar')}
            />
          </>
        }
      >
        {!checks.mobile && (
          <p id={`${aadhaarId}-needs-mobile`} className="field-note">
            {t('borrower.verifyMobileFirst')}
          </p>
        )}
        <OfflineNote id={aadhaarId} online={online} verified={checks.aadhaar} />
      </TextField>

      <OtpModal
        open={otp === 'mobile'}
        mode="validate"
        destination={phone}
        onSend={mobileOtp.onSend}
        onResend={mobileOtp.onResend}
        onVerify={mobileOtp.onVerify}
        onVerified={(data) => {
          setOtp(null);
          void mobileOtp.onVerified(data);
        }}
        onClose={() => setOtp(null)}
      />
      <OtpModal
        open={otp === 'aadhaar'}
        mode="aadhaar"
        destination={displayAadhaar(aadhaar)}
        onSend={identity.aadhaarOtp.onSend}
        onVerify={identity.aadhaarOtp.onVerify}
        onVerified={(data) => {
          setOtp(null);
          identity.aadhaarOtp.onVerified(data);
        }}
        onClose={() => setOtp(null)}
      />
    </FormSection>
  );
}
