import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isLanguage, policyAllows, type KfsLanguage, type LoanOfferView } from '../../../domain';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ErrorBanner } from '../../components/error-banner';
import { readApplicationFromServer } from '../../components/use-application-refresh';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { EngineInputs } from '../../components/bre/bre-figures';
import { ComputeOffer, RejectionProposal } from './bre-proposal';
import { KeyFactStatement } from './key-fact-statement';
import { KfsConsent } from './kfs-consent';
import { KfsPdfButton } from './kfs-pdf-button';
import { formatRupees } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';
import { OfferAcceptance } from './offer-acceptance';
import { OfferTerms } from './offer-terms';
import { useLoanOffer } from './use-loan-offer';
import '../../components/bre/bre-figures.css';
import './loan-offer.css';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The figures of the BRE's answer (spec 02 §7 "Loan offer fetch"). */
function BreAnswer({ offer }: { offer: LoanOfferView }) {
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

type Load = ReturnType<typeof useLoanOffer>['load'];

/** What the screen says while the offer cannot be shown yet: offline, waiting for the sync, reading, or a refusal. */
function OfferLoadNotice({ load, retry }: { load: Exclude<Load, { state: 'ready' }>; retry(): void }) {
  const { t } = useFeatureT(loanOfferText);
  if (load.state === 'error') {
    return (
      <>
        <ErrorBanner message={load.message} />
        {load.retryable && (
          <button type="button" className="button button--secondary" onClick={retry}>
            {t('loanOffer.retry')}
          </button>
        )}
      </>
    );
  }
  if (load.state === 'offline') {
    return (
      <p className="form-error loan-offer__offline" role="status" aria-live="polite">
        {t('loanOffer.offline')}
      </p>
    );
  }
  return (
    <p className="muted" role="status">
      {t(load.state === 'waiting' ? 'loanOffer.waitingSync' : 'loanOffer.reading')}
    </p>
  );
}

function Offer({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { lang } = useFeatureT(loanOfferText);
  const navigate = useNavigate();
  const profile = useProfile();
  const id = useId();
  const status = text(app.server?.status) ?? app.status;
  const phone = text(app.server?.phone) ?? text(app.phone);
  const borrower = text(app.server?.name) ?? text(app.name);
  const trackerId = text(app.server?.tracker_id) ?? app.tracker_id;
  const { online, load, read, offer, setOffer, terms, problem, serverError, pending, change, compute, computing, retry } = useLoanOffer(
    serverId,
    phone,
    app.syncState === 'pending',
  );
  // The Key Fact Statement (36 rows at most) renders after the figures, in a background render React can interrupt.
  const keyFacts = useDeferredValue(offer?.key_facts ?? null, null);
  // The statement's language: shown, sent and acknowledged in it; the borrower's recorded one first, else the app's.
  const recorded = app.server?.borrower_language;
  const [kfsLanguage, setKfsLanguage] = useState<KfsLanguage>(isLanguage(recorded) ? recorded : lang);
  const creditManager = profile.mfi_employee === 'BRANCH_CREDIT_MANAGER';

  // A rejected application (a confirmed proposal, the bureau, a reviewer) goes to the rejection page (spec 02 §4).
  useEffect(() => {
    if (status === 'REJECTED') navigate(`/application/rejection?id=${serverId}`, { replace: true });
  }, [status, serverId, navigate]);

  if (load.state !== 'ready') return <OfferLoadNotice load={load} retry={retry} />;
  const inputs = read?.inputs ? <EngineInputs inputs={read.inputs} titleId={`${id}-inputs`} status={status} /> : null;
  if (!offer || !terms) {
    return (
      <>
        {inputs}
        {read && (
          <ComputeOffer
            serverId={serverId}
            read={read}
            creditManager={creditManager}
            online={online}
            computing={computing}
            error={serverError}
            onCompute={() => void compute()}
          />
        )}
      </>
    );
  }
  if (offer.decision === 'REJECTED') {
    return (
      <>
        {inputs}
        <RejectionProposal
          offer={offer}
          serverId={serverId}
          localId={app.localId}
          borrower={borrower}
          trackerId={trackerId}
          creditManager={creditManager}
          online={online}
        />
      </>
    );
  }

  const editable = !offer.is_accepted && policyAllows(profile.mfi_employee, status, 'offer-edit');
  return (
    <>
      {inputs}
      <BreAnswer offer={offer} />
      <OfferTerms
        offer={offer}
        terms={terms}
        editable={editable}
        creditManager={creditManager}
        online={online}
        pending={pending}
        problem={problem}
        serverError={serverError}
        change={change}
      />
      {keyFacts && (
        <KeyFactStatement
          facts={keyFacts}
          borrower={borrower}
          trackerId={trackerId}
          appLanguage={lang}
          language={kfsLanguage}
          onLanguage={setKfsLanguage}
          statement={offer}
          pdf={<KfsPdfButton serverId={serverId} name={offer.kfs_number ?? 'key-fact-statement'} language={kfsLanguage} online={online} />}
        />
      )}
      <KfsConsent
        offer={offer}
        serverId={serverId}
        language={kfsLanguage}
        online={online}
        canSend={editable && creditManager}
        pending={pending}
        reissuing={computing}
        onAcknowledged={(ack) => {
          setOffer({ ...offer, acknowledgement: ack, kfs_acknowledged: true });
          // The history on this phone shows the acknowledgement.
          void readApplicationFromServer(serverId, app.localId);
        }}
        onReissue={() => void compute()}
      />
      <OfferAcceptance
        offer={offer}
        serverId={serverId}
        localId={app.localId}
        status={status}
        phone={phone}
        canAccept={editable && policyAllows(profile.mfi_employee, status, 'accept')}
        editable={editable}
        online={online}
        pending={pending}
        hasProblem={problem !== null}
        setOffer={setOffer}
      />
    </>
  );
}

export function LoanOfferScreen() {
  const { t } = useFeatureT(loanOfferText);
  const frame = useApplicationInUrl();
  return (
    <section className="loan-offer" aria-labelledby="loan-offer-title">
      <h1 id="loan-offer-title">{t('loanOffer.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('loanOffer.invalidId')}>
        {({ app, serverId }) => <Offer app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
