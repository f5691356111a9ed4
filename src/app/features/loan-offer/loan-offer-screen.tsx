import { isMessage } from '../../i18n/translate';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isLanguage, LOAN_LIMITS, policyAllows, tenureOptions, type KfsLanguage, type LoanOfferView } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { updateLoanOffer } from '../../api/loan-offer.api';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { notifyError, notifySuccess } from '../../components/notify';
import { readApplicationFromServer } from '../../components/use-application-refresh';
import type { LocalApplication } from '../../db/records';
import { stepKitText } from '../../components/form/step-kit.text';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { EngineInputs } from '../../components/bre/bre-figures';
import { ComputeOffer, RejectionProposal } from './bre-proposal';
import { KeyFactStatement } from './key-fact-statement';
import { KfsConsent } from './kfs-consent';
import { KfsPdfButton } from './kfs-pdf-button';
import { DateTextInput } from './date-text-input';
import { formatRupees, showDate, showInstantDate } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';
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

function Offer({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t, lang } = useFeatureT(loanOfferText, stepKitText);
  const navigate = useNavigate();
  const profile = useProfile();
  const id = useId();
  const status = text(app.server?.status) ?? app.status;
  const phone = text(app.server?.phone) ?? text(app.phone);
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
  const [confirming, setConfirming] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const acceptKey = useRef<string | null>(null);
  const creditManager = profile.mfi_employee === 'BRANCH_CREDIT_MANAGER';

  // A rejected application (a confirmed proposal, the bureau, a reviewer) goes to the rejection page (spec 02 §4).
  useEffect(() => {
    if (status === 'REJECTED') navigate(`/application/rejection?id=${serverId}`, { replace: true });
  }, [status, serverId, navigate]);

  if (load.state === 'offline') {
    return (
      <p className="form-error loan-offer__offline" role="status" aria-live="polite">
        {t('loanOffer.offline')}
      </p>
    );
  }
  if (load.state === 'waiting') {
    return (
      <p className="muted" role="status">
        {t('loanOffer.waitingSync')}
      </p>
    );
  }
  if (load.state === 'loading') {
    return (
      <p className="muted" role="status">
        {t('loanOffer.reading')}
      </p>
    );
  }
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
          borrower={text(app.server?.name) ?? text(app.name)}
          trackerId={text(app.server?.tracker_id) ?? app.tracker_id}
          creditManager={creditManager}
          online={online}
        />
      </>
    );
  }

  const editable = !offer.is_accepted && policyAllows(profile.mfi_employee, status, 'offer-edit');
  const canAccept = editable && policyAllows(profile.mfi_employee, status, 'accept');
  const acknowledged = offer.kfs_acknowledged && !offer.kfs_expired;
  const limits = LOAN_LIMITS[offer.loan_type];
  const maxAmount = Math.min(limits.maxAmount, offer.bre_suggested_loan_amount ?? limits.maxAmount);
  const tenures = tenureOptions(offer.loan_type).filter((n) => n <= offer.bre_max_tenure);
  const offlineNote = `${id}-offline`;
  const describe = (field: string) => (problem?.field === field ? `${id}-problem` : undefined);

  const accept = async () => {
    setConfirming(false);
    setAccepting(true);
    acceptKey.current ??= crypto.randomUUID();
    try {
      const answer = await updateLoanOffer(
        {
          application_id: serverId,
          updated_info: {
            final_suggested_loan_amount: offer.final_suggested_loan_amount!,
            risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
            disbursement_date: offer.disbursement_date!,
            emi_start_date: offer.emi_start_date,
          },
          is_accepted: true,
          ...(phone ? { phone } : {}),
        },
        acceptKey.current,
      );
      if (!answer.success) {
        notifyError(answer.message || t('loanOffer.acceptFailed'));
        return;
      }
      acceptKey.current = null;
      // A replayed acceptance (a retry after a lost answer) carries only its status fields.
      setOffer({ ...offer, ...answer.data });
      notifySuccess(t('loanOffer.acceptedToast'));
      await readApplicationFromServer(serverId, app.localId);
      navigate(`/application/final-submit?id=${serverId}`);
    } catch (error) {
      const message = extractErrorMessage(error);
      notifyError(isMessage(message, 'msg.somethingWentWrong') ? t('loanOffer.acceptFailed') : message);
    } finally {
      setAccepting(false);
    }
  };

  const finish = () => navigate(offer.is_accepted && status !== 'APPROVED' ? `/application/final-submit?id=${serverId}` : '/');

  return (
    <>
      {inputs}
      <BreAnswer offer={offer} />
      <section className="loan-offer__terms" aria-labelledby={`${id}-terms`}>
        <h2 id={`${id}-terms`}>{t('loanOffer.editTitle')}</h2>
        {offer.is_accepted && (
          <p className="field-note" role="status">
            {t('loanOffer.accepted', { date: showInstantDate(offer.accepted_at) })}
          </p>
        )}
        {!creditManager && <p className="field-note">{t('loanOffer.readOnly')}</p>}
        <div className="loan-offer__fields">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-amount`}>
              {t('loanOffer.amount')}
            </label>
            <input
              className="field-input"
              id={`${id}-amount`}
              inputMode="numeric"
              autoComplete="off"
              value={terms.amount}
              readOnly={!editable}
              disabled={!online && editable}
              aria-invalid={problem?.field === 'final_suggested_loan_amount' || undefined}
              aria-describedby={[`${id}-amount-hint`, describe('final_suggested_loan_amount')].filter(Boolean).join(' ')}
              onChange={(e) => change('amount', e.target.value.replace(/\D/g, ''))}
            />
            <p id={`${id}-amount-hint`} className="field-note">
              {t('loanOffer.amountHint', { min: formatRupees(limits.minAmount), max: formatRupees(maxAmount) })}
            </p>
          </div>
          <SearchableDropdown
            id={`${id}-tenure`}
            label={t('loanOffer.tenure')}
            value={terms.tenure}
            disabled={!editable || !online}
            describedBy={describe('risk_category_and_loan_type_wise_max_tenure')}
            options={(tenures.includes(Number(terms.tenure)) ? tenures : [...tenures, Number(terms.tenure)]).map((n) => ({
              value: String(n),
              label: t('loanOffer.months', { n }),
            }))}
            onChange={(value) => change('tenure', value)}
          />
          <div className="field">
            <label className="field-label" htmlFor={`${id}-date`}>
              {t('loanOffer.disbursementDate')}
            </label>
            <DateTextInput
              className="field-input"
              id={`${id}-date`}
              value={terms.disbursementDate}
              readOnly={!editable}
              disabled={!online && editable}
              aria-invalid={problem?.field === 'disbursement_date' || undefined}
              aria-describedby={[`${id}-date-format`, describe('disbursement_date')].filter(Boolean).join(' ')}
              onChange={(value) => change('disbursementDate', value)}
            />
            {/* The format under every date field of the forms (issue 21 D18), as the kit's DateField says it. */}
            <p id={`${id}-date-format`} className="field-note">
              {t('step.dateHint')}
            </p>
          </div>
          <div className="field">
            <span className="field-label" id={`${id}-start-label`}>
              {t('loanOffer.emiStartDate')}
            </span>
            <output aria-labelledby={`${id}-start-label`} data-testid="emi-start-date">
              {showDate(offer.emi_start_date)}
            </output>
          </div>
        </div>
        <ErrorBanner id={`${id}-problem`} message={problem?.message ?? serverError} />
        <p className="muted" role="status" aria-live="polite">
          {pending ? t('loanOffer.updating') : ''}
        </p>
      </section>
      {keyFacts && (
        <KeyFactStatement
          facts={keyFacts}
          borrower={text(app.server?.name) ?? text(app.name)}
          trackerId={text(app.server?.tracker_id) ?? app.tracker_id}
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
      <div className="loan-offer__actions">
        {canAccept ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={!online || pending || accepting || problem !== null || !acknowledged}
              aria-describedby={!online ? offlineNote : !acknowledged ? `${id}-needs-ack` : undefined}
              onClick={() => setConfirming(true)}
            >
              {t('loanOffer.accept')}
            </button>
            {!acknowledged && (
              <p id={`${id}-needs-ack`} className="field-note">
                {t('consent.acceptNeedsAck')}
              </p>
            )}
          </>
        ) : (
          <>
            {editable && status !== 'PD2_COMPLETE' && <p className="field-note">{t('loanOffer.acceptAfterPd2')}</p>}
            <button type="button" className="button button--primary" disabled={pending} onClick={finish}>
              {t('loanOffer.finish')}
            </button>
          </>
        )}
        {!online && <NeedsConnection id={offlineNote} />}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('loanOffer.confirmTitle')}
          message={t('loanOffer.confirmMessage')}
          confirmLabel={t('loanOffer.confirmAccept')}
          onConfirm={() => void accept()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {formatRupees(offer.final_suggested_loan_amount)} ·{' '}
            {t('loanOffer.months', { n: offer.risk_category_and_loan_type_wise_max_tenure })} · {t('loanOffer.emi')}{' '}
            {formatRupees(offer.final_suggested_emi)}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** /application/loan-offer?id=: the BRE's offer, its edit by the credit manager, the Key Fact Statement and the acceptance (online only). */
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
