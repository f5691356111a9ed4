import { useState } from 'react';
import { useFeatureT } from '../../i18n/feature-text';
import type { AadhaarReading } from './aadhaar-front-reading';
import { kycText, type KycKey } from './kyc-documents.text';

type Props = {
  /** The reading to offer; null: the panel is empty (its live region stays, so a reading that arrives is announced). */
  offer: AadhaarReading | null;
  onUse: () => Promise<void>;
  onDismiss: () => Promise<void>;
  disabled?: boolean;
};

/**
 * "Read from the Aadhaar card" on the KYC step: the name, DOB, gender and address the uploaded
 * front gave, and "Use these" for Borrower Info (use-kyc-aadhaar-reading.ts). A reading of the
 * printed text (OCR, unsigned) says so.
 */
export function AadhaarReadingPanel({ offer, onUse, onDismiss, disabled = false }: Props) {
  const { t } = useFeatureT(kycText);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const rows = (
    offer
      ? [
          ['kyc.read.name', offer.name],
          ['kyc.read.dob', offer.dob],
          ['kyc.read.gender', offer.gender ? t(`kyc.read.${offer.gender}`) : ''],
          ['kyc.read.address', offer.address],
        ]
      : []
  ).filter(([, value]) => value) as [KycKey, string][];
  return (
    <div aria-live="polite" className="aadhaar-reading__live">
      {offer && (
        <section className="aadhaar-reading" aria-labelledby="aadhaar-reading-title">
          <h2 id="aadhaar-reading-title" className="aadhaar-reading__title">
            {t('kyc.read.title')}
          </h2>
          {offer.printed && <p className="aadhaar-reading__printed">{t('kyc.read.printed')}</p>}
          <dl className="aadhaar-reading__fields">
            {rows.map(([label, value]) => (
              <div
                key={label}
                className={label === 'kyc.read.address' ? 'aadhaar-reading__field aadhaar-reading__field--wide' : 'aadhaar-reading__field'}
              >
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="aadhaar-reading__note">{t('kyc.read.note')}</p>
          <div className="aadhaar-reading__actions">
            <button type="button" className="button button--primary" disabled={disabled || busy} onClick={run(onUse)}>
              {t('kyc.read.use')}
            </button>
            <button type="button" className="button button--secondary" disabled={disabled || busy} onClick={run(onDismiss)}>
              {t('kyc.read.dismiss')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
