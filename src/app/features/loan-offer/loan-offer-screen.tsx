import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isLanguage, type KfsLanguage } from '../../../domain';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { EngineInputs } from '../../components/bre/bre-figures';
import { ComputeOffer, RejectionProposal } from './bre-proposal';
import { loanOfferText } from './loan-offer.text';
import { OfferLoadNotice } from './offer-load-notice';
import { OfferReady } from './offer-ready';
import { useLoanOffer } from './use-loan-offer';
import '../../components/bre/bre-figures.css';
import './loan-offer.css';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function Offer({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { lang } = useFeatureT(loanOfferText);
  const navigate = useNavigate();
  const profile = useProfile();
  const id = useId();
  const status = text(app.server?.status) ?? app.status;
  const phone = text(app.server?.phone) ?? text(app.phone);
  const borrower = text(app.server?.name) ?? text(app.name);
  const trackerId = text(app.server?.tracker_id) ?? app.tracker_id;
  const loan = useLoanOffer(serverId, phone, app.syncState === 'pending');
  const { online, load, read, offer, terms, serverError, compute, computing, retry } = loan;
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

  return (
    <>
      {inputs}
      <OfferReady
        loan={loan}
        offer={offer}
        terms={terms}
        application={{ serverId, localId: app.localId, status, phone, borrower, trackerId }}
        keyFacts={keyFacts}
        kfsLanguage={kfsLanguage}
        onKfsLanguage={setKfsLanguage}
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
