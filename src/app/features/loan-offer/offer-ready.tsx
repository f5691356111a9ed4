import { policyAllows, type KeyFactsView, type KfsLanguage, type LoanOfferView } from '../../../domain';
import { useProfile } from '../../session/use-session';
import { BreAnswer } from './bre-answer';
import { OfferAcceptance } from './offer-acceptance';
import { OfferStatement } from './offer-statement';
import { OfferTerms } from './offer-terms';
import type { useLoanOffer } from './use-loan-offer';
import type { OfferTerms as Terms } from './use-offer-edit';

/** The application as the offer's screen names it: the server's values first, else this phone's. */
export type OfferApplication = {
  serverId: string;
  localId: string;
  status: string;
  phone: string | undefined;
  borrower: string | undefined;
  trackerId: string | undefined;
};

type Props = {
  loan: ReturnType<typeof useLoanOffer>;
  offer: LoanOfferView;
  terms: Terms;
  application: OfferApplication;
  /** The Key Fact Statement's rows, once rendered (a deferred value). */
  keyFacts: KeyFactsView | null;
  kfsLanguage: KfsLanguage;
  onKfsLanguage(language: KfsLanguage): void;
};

/** An approved offer: the engine's figures, the terms (editable until accepted), the Key Fact Statement and the acceptance. */
export function OfferReady({ loan, offer, terms, application, keyFacts, kfsLanguage, onKfsLanguage }: Props) {
  const profile = useProfile();
  const { serverId, localId, status } = application;
  const { online, pending, problem, serverError, setOffer } = loan;
  const creditManager = profile.mfi_employee === 'BRANCH_CREDIT_MANAGER';
  const editable = !offer.is_accepted && policyAllows(profile.mfi_employee, status, 'offer-edit');
  return (
    <>
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
        change={loan.change}
      />
      <OfferStatement
        offer={offer}
        setOffer={setOffer}
        keyFacts={keyFacts}
        borrower={application.borrower}
        trackerId={application.trackerId}
        language={kfsLanguage}
        onLanguage={onKfsLanguage}
        serverId={serverId}
        localId={localId}
        online={online}
        canSend={editable && creditManager}
        pending={pending}
        reissuing={loan.computing}
        onReissue={() => void loan.compute()}
      />
      <OfferAcceptance
        offer={offer}
        serverId={serverId}
        localId={localId}
        status={status}
        phone={application.phone}
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
