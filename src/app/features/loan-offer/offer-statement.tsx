import type { KeyFactsView, KfsLanguage, LoanOfferView } from '../../../domain';
import { readApplicationFromServer } from '../../components/use-application-refresh';
import { useFeatureT } from '../../i18n/feature-text';
import { KeyFactStatement } from './key-fact-statement';
import { KfsConsent } from './kfs-consent';
import { KfsPdfButton } from './kfs-pdf-button';
import { loanOfferText } from './loan-offer.text';

type Props = {
  offer: LoanOfferView;
  setOffer(offer: LoanOfferView): void;
  /** The Key Fact Statement's rows, once rendered (a deferred value); null while they are not. */
  keyFacts: KeyFactsView | null;
  borrower: string | undefined;
  trackerId: string | undefined;
  /** The statement's language: shown, sent and acknowledged in it. */
  language: KfsLanguage;
  onLanguage(language: KfsLanguage): void;
  serverId: string;
  localId: string;
  online: boolean;
  /** The credit manager, while the offer may be edited. */
  canSend: boolean;
  pending: boolean;
  reissuing: boolean;
  onReissue(): void;
};

/** The offer's Key Fact Statement with its PDF, and the borrower's acknowledgement of it. */
export function OfferStatement({ offer, setOffer, keyFacts, language, serverId, localId, online, ...props }: Props) {
  const { lang } = useFeatureT(loanOfferText);
  return (
    <>
      {keyFacts && (
        <KeyFactStatement
          facts={keyFacts}
          borrower={props.borrower}
          trackerId={props.trackerId}
          appLanguage={lang}
          language={language}
          onLanguage={props.onLanguage}
          statement={offer}
          pdf={<KfsPdfButton serverId={serverId} name={offer.kfs_number ?? 'key-fact-statement'} language={language} online={online} />}
        />
      )}
      <KfsConsent
        offer={offer}
        serverId={serverId}
        language={language}
        online={online}
        canSend={props.canSend}
        pending={props.pending}
        reissuing={props.reissuing}
        onAcknowledged={(ack) => {
          setOffer({ ...offer, acknowledgement: ack, kfs_acknowledged: true });
          // The history on this phone shows the acknowledgement.
          void readApplicationFromServer(serverId, localId);
        }}
        onReissue={props.onReissue}
      />
    </>
  );
}
