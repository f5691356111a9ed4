import type { LoanOffer } from '../../../domain';
import { BreReasons, EngineInputs } from '../../components/bre/bre-figures';
import { formatDateTime } from '../../components/format-time';
import { useFeatureT } from '../../i18n/feature-text';
import { CaseSection } from './case-parts';
import type { Data, FieldSpec } from './case-view.model';
import { caseViewText, type CaseViewKey } from './case-view.text';
import { useCaseFormat } from './use-case-format';

const ANSWER: readonly (readonly [keyof LoanOffer, CaseViewKey, FieldSpec[1]])[] = [
  ['bre_score', 'case.bre.score', 'text'],
  ['interest_rate', 'case.bre.rate', 'percent'],
  ['bre_suggested_loan_amount', 'case.bre.suggested', 'amount'],
  ['final_suggested_loan_amount', 'case.bre.amount', 'amount'],
  ['bre_max_tenure', 'case.bre.maxTenure', 'months'],
  ['risk_category_and_loan_type_wise_max_tenure', 'case.bre.tenure', 'months'],
  ['final_suggested_emi', 'case.bre.emi', 'amount'],
  ['total_processing_fee_amount', 'case.bre.fee', 'amount'],
  ['insurance_fee', 'case.bre.insurance', 'amount'],
  ['disbursement_date', 'case.bre.disbursement', 'date'],
  ['emi_start_date', 'case.bre.emiStart', 'date'],
];

/** The engine's inputs (the CPV figures it ran on) and its answer: score, decision, offer or reasons. */
export function BreSection({ view, status }: { view: Data; status: string }) {
  const { t } = useFeatureT(caseViewText);
  const format = useCaseFormat();
  const offer = (view.loan_offer ?? null) as LoanOffer | null;
  if (!offer) {
    return (
      <CaseSection id="bre" title={t('case.section.bre')}>
        <p className="muted">{t('case.bre.none')}</p>
      </CaseSection>
    );
  }
  const computed = Date.parse(offer.computed_at);
  return (
    <CaseSection id="bre" title={t('case.section.bre')}>
      {offer.inputs && <EngineInputs inputs={offer.inputs} titleId="case-bre-inputs" status={status} />}
      <h3>{t('case.bre.answer')}</h3>
      <dl className="case-fields" data-testid="case-bre-answer">
        <div className="case-fields__row" data-field="decision">
          <dt>{t('case.bre.decision')}</dt>
          <dd>
            <span className="status-badge" data-status={offer.decision}>
              {t(`case.bre.decision.${offer.decision}`)}
            </span>
          </dd>
        </div>
        {ANSWER.flatMap(([field, label, kind]) => {
          const value = format(offer[field], kind);
          return value === null
            ? []
            : [
                <div key={field} className="case-fields__row" data-field={field}>
                  <dt>{t(label)}</dt>
                  <dd>{value}</dd>
                </div>,
              ];
        })}
        <div className="case-fields__row" data-field="is_accepted">
          <dt>{t('case.bre.accepted')}</dt>
          <dd>{t(offer.is_accepted ? 'case.yes' : 'case.no')}</dd>
        </div>
        {!Number.isNaN(computed) && (
          <div className="case-fields__row" data-field="computed_at">
            <dt>{t('case.bre.computedAt')}</dt>
            <dd>{formatDateTime(computed)}</dd>
          </div>
        )}
      </dl>
      {offer.reasons.length > 0 && (
        <>
          <h4>{t('case.bre.reasons')}</h4>
          <BreReasons offer={offer} />
        </>
      )}
    </CaseSection>
  );
}
