import { useEffect, useId, useState } from 'react';
import { toDisplayDate, type CoolingOffView } from '../../../domain';
import { fetchCoolingOff, recordCoolingOffExit } from '../../api/disbursement.api';
import { ErrorBanner } from '../../components/error-banner';
import { useFeatureT } from '../../i18n/feature-text';
import { disbursementText } from './disbursement.text';
import { rupees } from './disbursement-format';
import type { useDisbursement } from './use-disbursement';

type Props = { serverId: string; mayRecord: boolean; payout: ReturnType<typeof useDisbursement> };

/** The amount payable for the borrower's exit with its working, then the receipt that cancels the loan. */
export function CoolingOffExit({ serverId, mayRecord, payout }: Props) {
  const { t } = useFeatureT(disbursementText);
  const [quote, setQuote] = useState<CoolingOffView | null>(null);
  const [receipt, setReceipt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const status = payout.view?.application_status;

  useEffect(() => {
    if (!payout.online) return;
    void fetchCoolingOff(serverId).then(
      (answer) => setQuote(answer.success ? answer.data : null),
      () => setQuote(null),
    );
  }, [serverId, payout.online, status]);

  if (!quote) return null;
  const recorded = quote.recorded_at !== null;
  const submit = async () => {
    const reference = receipt.trim();
    if (!/^[A-Za-z0-9/-]{1,40}$/.test(reference)) return setProblem(t('disb.cooling.receiptMissing'));
    setProblem(null);
    await payout.act(
      'cooling-off',
      (key) => recordCoolingOffExit(serverId, { amount_received: quote.total, receipt_reference: reference }, key),
      setQuote,
    );
  };
  return (
    <section className="disbursement__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('disb.cooling.title')}</h2>
      {recorded ? (
        <p role="status">
          {t('disb.cooling.recorded', {
            date: toDisplayDate(quote.exit_date) ?? quote.exit_date,
            receipt: quote.receipt_reference ?? '',
            amount: rupees(quote.total),
          })}
        </p>
      ) : (
        <p className="field-note">
          {quote.within_window
            ? t('disb.cooling.note', { date: toDisplayDate(quote.last_day) ?? quote.last_day })
            : t('disb.cooling.closed', { date: toDisplayDate(quote.last_day) ?? quote.last_day })}
        </p>
      )}
      <dl className="disbursement__figures">
        <div>
          <dt>{t('disb.cooling.principal')}</dt>
          <dd>{rupees(quote.principal)}</dd>
        </div>
        <div>
          <dt>{t('disb.cooling.interest', { apr: quote.apr_percent.toFixed(2), days: quote.days_held })}</dt>
          <dd>{rupees(quote.interest)}</dd>
        </div>
        <div>
          <dt>{t('disb.cooling.total')}</dt>
          <dd data-testid="cooling-off-total">{rupees(quote.total)}</dd>
        </div>
        <div>
          <dt>{t('disb.cooling.working')}</dt>
          <dd data-testid="cooling-off-working">{quote.working}</dd>
        </div>
      </dl>
      {!recorded && quote.within_window && mayRecord && (
        <form
          className="disbursement__form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={`${id}-receipt`}>{t('disb.cooling.receipt')}</label>
          <input
            id={`${id}-receipt`}
            value={receipt}
            maxLength={40}
            aria-describedby={`${id}-hint`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setReceipt(event.target.value)}
          />
          <p id={`${id}-hint`} className="field-note">
            {t('disb.cooling.receiptHint')}
          </p>
          <ErrorBanner message={problem} />
          <button type="submit" className="button button--primary" disabled={!payout.online || payout.busy}>
            {t('disb.cooling.button')}
          </button>
        </form>
      )}
    </section>
  );
}
