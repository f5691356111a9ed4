import { objectOrNull } from '../../../domain';
import type { LocalRecord } from '../../db/records';
import { formatInr } from '../../components/bre/bre-figures';
import { useFeatureT } from '../../i18n/feature-text';
import type { Language } from '../../i18n/languages';
import { CaseSection } from './case-parts';
import { type Data } from './case-view.model';
import { caseViewText, type CaseViewKey } from './case-view.text';
import { codeInWords } from './case-code-labels';

type Check = { key: string; label: string; result: string; details: string[] };

const RESULTS = ['VERIFIED', 'OTP_SENT', 'NOT_VERIFIED', 'PASS', 'REJECTED', 'REPLACED'];
/** The badge colour of a result: green for a check passed, amber for one still open, red for a refusal. */
const BADGE: Record<string, string> = {
  VERIFIED: 'APPROVED',
  PASS: 'APPROVED',
  OTP_SENT: 'PENDING',
  NOT_VERIFIED: 'PENDING',
  REJECTED: 'REJECTED',
};

/** The bureau's answer: its decision, reasons and the overdue amount it saw. */
function bureauCheck(key: string, label: string, checks: Data | null, overdueText: (amount: string) => string, language: Language): Check {
  const reasons = Array.isArray(checks?.reasons)
    ? checks.reasons.filter((r): r is string => typeof r === 'string').map((reason) => codeInWords(reason, language))
    : [];
  const overdue = objectOrNull(checks?.check_values)?.overdue_amount;
  return {
    key,
    label,
    result: typeof checks?.decision === 'string' ? checks.decision : 'NOT_VERIFIED',
    details: [...reasons, ...(typeof overdue === 'number' && overdue > 0 ? [overdueText(formatInr(overdue))] : [])],
  };
}

/** Every verification of the application with its result: OTPs, identity checks, the bureau, the bank account. */
export function VerificationsSection({ view, coApplicants }: { view: Data; coApplicants: readonly LocalRecord[] }) {
  const { t, lang } = useFeatureT(caseViewText);
  const verifications = objectOrNull(view.verifications);
  const pan = objectOrNull(verifications?.pan);
  const voter = objectOrNull(verifications?.voter_id);
  const bank = objectOrNull(view.app_mfi_bank_account);
  const overdueText = (amount: string) => t('case.verify.overdue', { amount });
  const nameOn = (check: Data | null) => (typeof check?.name === 'string' ? [t('case.verify.nameOn', { name: check.name })] : []);

  const checks: Check[] = [
    { key: 'mobile', label: t('case.verify.mobile'), result: verifications?.mobile === true ? 'VERIFIED' : 'NOT_VERIFIED', details: [] },
    {
      key: 'aadhaar',
      label: t('case.verify.aadhaar'),
      result: typeof verifications?.aadhaar === 'string' ? verifications.aadhaar : 'NOT_VERIFIED',
      details: [],
    },
    {
      key: 'pan',
      label: t('case.verify.pan', { value: String(view.pan ?? '') }),
      result: String(pan?.status ?? 'NOT_VERIFIED'),
      details: nameOn(pan),
    },
  ];
  if (view.voter_id || voter)
    checks.push({
      key: 'voter_id',
      label: t('case.verify.voterId', { value: String(view.voter_id ?? '') }),
      result: String(voter?.status ?? 'NOT_VERIFIED'),
      details: nameOn(voter),
    });
  if (view.approval_checks)
    checks.push(bureauCheck('bureau', t('case.verify.bureau'), objectOrNull(view.approval_checks), overdueText, lang));
  coApplicants.forEach((record, index) => {
    const co = objectOrNull(record.server) ?? record.values;
    const kind = t(co.type === 'GUARANTOR' ? 'case.kind.GUARANTOR' : 'case.kind.CO_BORROWER');
    const label = `${t('case.verify.coApplicant', { kind, name: String(co.name ?? '') })} · ${t('case.verify.bureau')}`;
    const check = bureauCheck(`co-${index}`, label, objectOrNull(co.approval_checks), overdueText, lang);
    checks.push(co.status === 'REPLACED' ? { ...check, result: 'REPLACED' } : check);
  });
  if (bank)
    checks.push({
      key: 'bank',
      label: t('case.verify.bankAccount'),
      result: bank.is_verified === true ? 'VERIFIED' : 'NOT_VERIFIED',
      details: typeof bank.verified_name === 'string' ? [t('case.verify.bankName', { name: bank.verified_name })] : [],
    });

  return (
    <CaseSection id="verifications" title={t('case.section.verifications')}>
      <ul className="case-checks">
        {checks.map((check) => (
          <li key={check.key} className="case-check" data-check={check.key}>
            <span className="case-check__label">{check.label}</span>
            <span className="status-badge" data-status={BADGE[check.result] ?? check.result}>
              {RESULTS.includes(check.result) ? t(`case.result.${check.result}` as CaseViewKey) : codeInWords(check.result, lang)}
            </span>
            {check.details.map((detail) => (
              <span key={detail} className="case-check__detail muted">
                {detail}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </CaseSection>
  );
}
