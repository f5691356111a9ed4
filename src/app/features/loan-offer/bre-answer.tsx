import type { LoanOfferView } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { formatRupees } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';

/** The figures of the BRE's answer (spec 02 §7 "Loan offer fetch"). */
export function BreAnswer({ offer }: { offer: LoanOfferView }) {
  const { t } = useFeatureT(loanOfferText);
  const facts: [string, string][] = [
    [t('loanOffer.score'), String(offer.bre_score)],
    [t('loanOffer.decision'), t(offer.decision === 'APPROVED' ? 'loanOffer.decision.APPROVED' : 'loanOffer.decision.REJECTED')],
    [t('loanOffer.rate'), t('loanOffer.ratePa', { rate: offer.interest_rate })],
    [t('loanOffer.emi'), formatRupees(offer.final_suggested_emi)],
    [t('loanOffer.processingFee'), formatRupees(offer.total_processing_fee_amount)],
    [t('loanOffer.insurance'), formatRupees(offer.insurance_fee)],
    [t('loanOffer.suggested'), formatRupees(offer.bre_suggested_loan_amount)],
    [t('loanOffer.maxTenure'), t('loanOffer.months', { n: offer.bre_max_tenure })],
  ];
  return (
    <section className="loan-offer__bre" aria-labelledby="bre-title">
      <h2 id="bre-title">{t('loanOffer.breTitle')}</h2>
      <dl className="loan-offer__figures" aria-live="polite">
        {facts.map(([label, value]) => (
          <div key={label} className="loan-offer__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {offer.processing_fee !== null && offer.gst_on_processing_fee !== null && (
        <p className="field-note">
          {t('loanOffer.processingFee')}:{' '}
          {t('loanOffer.processingFeeSplit', { fee: formatRupees(offer.processing_fee), gst: formatRupees(offer.gst_on_processing_fee) })}
        </p>
      )}
    </section>
  );
}
